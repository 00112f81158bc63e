# reference: same gradients as casting by hand
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 4, 3))  # weights stay float32
images = torch.randn(2, 3, 12, 12)

# Mixed precision: autocast casts each convolution's input, weight and bias to bfloat16.
with torch.autocast("cpu", dtype=torch.bfloat16):
    out = model(images)
print("autocast: weight", model[0].weight.dtype, "| input", images.dtype, "| output", out.dtype)
out.float().square().mean().backward()

# A model that must stay in bfloat16 (to save memory at inference): cast the input to its dtype.
low = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 4, 3)).to(torch.bfloat16)
dtype = next(low.parameters()).dtype
with torch.no_grad():
    predicted = low(images.to(dtype))
print("cast input: weight", dtype, "| input", images.to(dtype).dtype, "| output", predicted.dtype)

# The reference: the float32 model without autocast, each weight, bias and input cast to
# bfloat16 by hand before its convolution, as autocast casts them.
params = list(model.parameters())
w1, b1, w2, b2 = [p.to(torch.bfloat16) for p in params]
hidden = nn.functional.relu(nn.functional.conv2d(images.to(torch.bfloat16), w1, b1))
by_hand = nn.functional.conv2d(hidden, w2, b2)
expected = torch.autograd.grad(by_hand.float().square().mean(), params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as casting by hand:", same)
