# reference: same gradients as scaling by hand
import torch
from torch import nn


def normalize(module, grad_input, grad_output):
    print("grad_input shapes:", [None if g is None else tuple(g.shape) for g in grad_input])
    return (grad_input[0] / grad_input[0].std(),)  # one gradient per input of the module


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1))
model[1].register_full_backward_hook(normalize)
x = torch.randn(8, 4, requires_grad=True)
model(x).sum().backward()

# The reference: no hook; backward to the BatchNorm input, scale that gradient, go on by hand.
plain = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1))
plain.load_state_dict(model.state_dict())
x2 = x.detach().requires_grad_()
h = plain[0](x2)
cut = h.detach().requires_grad_()
plain[1:](cut).sum().backward()
h.backward(cut.grad / cut.grad.std())
pairs = list(zip(model.parameters(), plain.parameters())) + [(x, x2)]
same = all(a.grad is not None and torch.allclose(a.grad, b.grad) for a, b in pairs)
print("same gradients as scaling by hand:", same)
