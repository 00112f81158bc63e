# raises: TypeError
# fixed-by: derivatives/checkpoint_function_tensor_args
# cause: a hand-written checkpoint Function (as in Megatron-LM) passes every argument of the checkpointed block to ctx.save_for_backward, and one of them is not a tensor (a rate, a tuple of settings)
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
y = Checkpoint.apply(block, x, 2)
