# reference: same gradients as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)


def tokens_to_image(tokens, h, w):                     # (batch, h * w, dim) -> (batch, dim, h, w)
    # .contiguous() copies the image into the layout its shape implies: channels first
    return tokens.transpose(1, 2).reshape(tokens.shape[0], -1, h, w).contiguous()


class TokenProjection(nn.Module):
    """Projects a vision transformer's tokens, laid out as an image, with a 1 x 1 convolution."""

    def __init__(self, dim=8, h=4, w=4):
        super().__init__()
        self.h, self.w = h, w
        self.proj = nn.Conv2d(dim, dim, kernel_size=1)

    def forward(self, tokens):
        return self.proj(tokens_to_image(tokens, self.h, self.w)).flatten(2).transpose(1, 2)


model = DDP(TokenProjection())
tokens = torch.randn(16, 4 * 4, 8)
image = tokens_to_image(tokens, 4, 4)
print("image ", tuple(image.shape), "strides", image.stride(),
      "channels-last", image.is_contiguous(memory_format=torch.channels_last))
model(tokens).pow(2).mean().backward()
weight = model.module.proj.weight
print("weight", tuple(weight.shape), "strides", weight.stride())
print("grad  ", tuple(weight.grad.shape), "strides", weight.grad.stride())

# The reference: the same projection, built again from the same seed, without DDP and on the
# image as the transpose leaves it (channels-last in memory, no .contiguous()).
torch.manual_seed(0)
plain = TokenProjection()
as_transposed = tokens.transpose(1, 2).reshape(tokens.shape[0], -1, 4, 4)
plain.proj(as_transposed).flatten(2).transpose(1, 2).pow(2).mean().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()
