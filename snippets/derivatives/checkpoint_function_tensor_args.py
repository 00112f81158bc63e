# reference: same gradients as without checkpointing
import torch

torch.manual_seed(0)
layer = torch.nn.Linear(3, 3)


def block(h, scale):
    return torch.tanh(layer(h) * scale)


class Checkpoint(torch.autograd.Function):
    """Run `run` without keeping its activations; run it again in backward."""

    @staticmethod
    def forward(ctx, run, *args):
        ctx.run = run
        ctx.save_for_backward(*args)
        with torch.no_grad():
            return run(*args)

    @staticmethod
    def backward(ctx, grad_out):
        inputs = [t.detach().requires_grad_() for t in ctx.saved_tensors]
        with torch.enable_grad():
            out = ctx.run(*inputs)
        # backward, not autograd.grad: the block's weights get their .grad too
        torch.autograd.backward(out, grad_out)
        return (None, *(t.grad for t in inputs))


x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = Checkpoint.apply(lambda h: block(h, 2), x)  # the setting travels in the closure
y.sum().backward()
checkpointed = [x.grad, layer.weight.grad, layer.bias.grad]

# The reference: the same block run plainly, gradients for the input and the weights.
params = [x, layer.weight, layer.bias]
expected = torch.autograd.grad(block(x, 2).sum(), params)
same = all(g is not None and torch.allclose(g, e) for g, e in zip(checkpointed, expected))
print("same gradients as without checkpointing:", same)
