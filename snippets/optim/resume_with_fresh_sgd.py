# reference: same weights as SGD with momentum written out by hand from the loaded weights
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: Adam for three steps, then a checkpoint that names its optimizer
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "optimizer_type": type(opt).__name__}

# the resumed run switches to SGD: the saved state is Adam's, so SGD starts fresh
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
if checkpoint["optimizer_type"] == type(opt).__name__:
    opt.load_state_dict(checkpoint["optimizer"])
print("optimizer state loaded:", checkpoint["optimizer_type"] == type(opt).__name__)
for _ in range(3):
    train_step(model, opt)
print("SGD's state of the weight:", sorted(opt.state[model.weight]))

# The reference: SGD with momentum written out, from the checkpoint's weights with no buffer.
weights = [t.clone().requires_grad_() for t in (checkpoint["model"]["weight"], checkpoint["model"]["bias"])]
buffers = [None, None]
for _ in range(3):
    grads = torch.autograd.grad(nn.functional.mse_loss(x @ weights[0].t() + weights[1], y), weights)
    with torch.no_grad():
        for i, (w, g) in enumerate(zip(weights, grads)):
            buffers[i] = g.clone() if buffers[i] is None else 0.9 * buffers[i] + g
            w -= 0.01 * buffers[i]
same = all(torch.allclose(p, w, atol=1e-6) for p, w in zip(model.parameters(), weights))
print("same weights as SGD with momentum written out by hand from the loaded weights:", same)
