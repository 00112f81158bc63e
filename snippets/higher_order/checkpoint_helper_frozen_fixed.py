# reference: same gradients as without checkpointing
import torch
from torch import nn


class CheckpointFunction(torch.autograd.Function):  # laid out like Stable Diffusion's helper
    @staticmethod
    def forward(ctx, run_function, length, *args):
        ctx.run_function = run_function
        ctx.input_tensors, ctx.input_params = list(args[:length]), list(args[length:])
        with torch.no_grad():  # nothing saved: the block is run again in backward
            return run_function(*ctx.input_tensors)

    @staticmethod
    def backward(ctx, *output_grads):
        inputs = [x.detach().requires_grad_(True) for x in ctx.input_tensors]
        with torch.enable_grad():
            output = ctx.run_function(*inputs)
        grads = torch.autograd.grad(output, inputs + ctx.input_params, output_grads, allow_unused=True)
        return (None, None) + grads


def checkpoint(func, inputs, params):
    return CheckpointFunction.apply(func, len(inputs), *inputs, *params)


torch.manual_seed(0)
stem = nn.Linear(4, 8)
block = nn.Sequential(nn.Linear(8, 8), nn.GELU(), nn.Linear(8, 8))
block[0].requires_grad_(False)  # fine-tune only part of the block
x = torch.randn(16, 4)
trainable = [p for p in block.parameters() if p.requires_grad]  # only what gets a gradient
h = checkpoint(block, (stem(x),), trainable)
h.pow(2).mean().backward()
print("block[2].weight.grad norm:", round(block[2].weight.grad.norm().item(), 4))
print("block[0].weight.grad:", block[0].weight.grad)

# The reference: the block run plainly, without the helper, for every parameter that trains.
trained = [*stem.parameters(), *trainable]
expected = torch.autograd.grad(block(stem(x)).pow(2).mean(), trained)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(trained, expected))
frozen_left_alone = all(p.grad is None for p in block[0].parameters())
print("same gradients as without checkpointing:", same and frozen_left_alone)
