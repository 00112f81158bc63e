# reference: same gradients as one backward of the summed loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Conv2d(3, 8, kernel_size=3).to(memory_format=torch.channels_last)
for p in model.parameters():  # zeros_like keeps the parameter's strides
    p.grad = torch.zeros_like(p)

images = torch.randn(4, 3, 8, 8).to(memory_format=torch.channels_last)
for chunk in images.chunk(2):
    model(chunk).pow(2).mean().backward()
print("weight strides:", model.weight.stride())
print("grad strides:  ", model.weight.grad.stride())

# The reference: a row-major copy of the model, and autograd.grad of the two micro-batches'
# losses summed, in one call
plain = nn.Conv2d(3, 8, kernel_size=3)
plain.load_state_dict(model.state_dict())
loss = sum(plain(chunk.contiguous()).pow(2).mean() for chunk in images.chunk(2))
expected = torch.autograd.grad(loss, list(plain.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as one backward of the summed loss:", same)
