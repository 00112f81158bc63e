# reference: same gradients as the halving written out
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))


def halve(module, grad_input, grad_output):
    # halve the gradient that flows on to the layers before this one
    print("grad_input:", type(grad_input).__name__, "of", [tuple(g.shape) for g in grad_input])
    return (grad_input[0] * 0.5,)  # a tuple, one gradient per input, as grad_input is


handle = model[2].register_full_backward_hook(halve)
x = torch.randn(1, 8)  # one example, as when explaining a single input
model(x).sum().backward()
handle.remove()

# The reference: the gradients without the hook, those of the layers before model[2]
# halved by hand; model[2] and the layers after it keep theirs.
expected = torch.autograd.grad(model(x).sum(), list(model.parameters()))
before = {id(p) for p in model[0].parameters()}
same = all(
    torch.allclose(p.grad, e * 0.5 if id(p) in before else e)
    for p, e in zip(model.parameters(), expected)
)
print("same gradients as the halving written out:", same)
