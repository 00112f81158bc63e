# reference: same gradients as without the hook
import torch
from torch import nn

seen = {}


def report(module, grad_input, grad_output):
    shapes = [None if g is None else tuple(g.shape) for g in grad_input]
    print("grad_input shapes:", shapes)
    seen["grad_input"] = grad_input[0]


torch.manual_seed(0)
block = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
block.register_full_backward_hook(report)
x = torch.randn(5, 3, requires_grad=True)
block(x).sum().backward()
print("x.grad shape:", tuple(x.grad.shape))
print("grad_input[0] equals x.grad:", torch.equal(seen["grad_input"], x.grad))

# The reference: the block's layers called one by one, so that its hook is not in the graph.
expected = torch.autograd.grad(block[2](block[1](block[0](x))).sum(), [x, *block.parameters()])
got = [seen["grad_input"], x.grad, *(p.grad for p in block.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, [expected[0], *expected]))
print("same gradients as without the hook:", same)
