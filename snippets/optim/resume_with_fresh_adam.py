# reference: same weights as Adam written out by hand from the loaded weights
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: RMSprop for three steps, then a checkpoint that names its optimizer
model = nn.Linear(4, 1)
opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "optimizer_type": type(opt).__name__}

# the resumed run switches to Adam: the saved state is RMSprop's, so Adam starts fresh
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
if checkpoint["optimizer_type"] == type(opt).__name__:
    opt.load_state_dict(checkpoint["optimizer"])
print("optimizer state loaded:", checkpoint["optimizer_type"] == type(opt).__name__)
for _ in range(3):
    train_step(model, opt)
print("Adam's state of the weight:", sorted(opt.state[model.weight]))

# The reference: Adam's update written out, from the checkpoint's weights with zero moments.
weights = [t.clone().requires_grad_() for t in (checkpoint["model"]["weight"], checkpoint["model"]["bias"])]
moments = [(torch.zeros_like(w), torch.zeros_like(w)) for w in weights]
lr, beta1, beta2, eps = 1e-3, 0.9, 0.999, 1e-8
for step in range(1, 4):
    grads = torch.autograd.grad(nn.functional.mse_loss(x @ weights[0].t() + weights[1], y), weights)
    with torch.no_grad():
        for w, g, (m, v) in zip(weights, grads, moments):
            m.mul_(beta1).add_(g, alpha=1 - beta1)
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
            m_hat, v_hat = m / (1 - beta1**step), v / (1 - beta2**step)
            w -= lr * m_hat / (v_hat.sqrt() + eps)
same = all(torch.allclose(p, w, atol=1e-6) for p, w in zip(model.parameters(), weights))
print("same weights as Adam written out by hand from the loaded weights:", same)
