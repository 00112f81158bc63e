# reference: same weights as six steps without a break
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train(model, opt, steps):
    for _ in range(steps):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()


model = nn.Linear(4, 1)
start = {k: v.clone() for k, v in model.state_dict().items()}
opt = torch.optim.Adam(model.parameters(), lr=0.01)
train(model, opt, 3)
last = {"epoch": 3, "model": model.state_dict(), "optimizer": opt.state_dict()}
best = {"epoch": 3, "model": model.state_dict(), "optimizer": None}


def resume(checkpoint):
    """Load each part the checkpoint has; without the optimizer's state, Adam starts fresh."""
    model = nn.Linear(4, 1)
    model.load_state_dict(checkpoint["model"])
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    if checkpoint.get("optimizer") is not None:
        opt.load_state_dict(checkpoint["optimizer"])
    print("optimizer state loaded:", bool(opt.state), "| epoch", checkpoint["epoch"])
    return model, opt


resume(best)  # weights only: fine-tuning from here starts Adam's moments from zero
model, opt = resume(last)  # the checkpoint kept for resuming
train(model, opt, 3)

# The reference: the same six steps in one run, from the same starting weights.
reference = nn.Linear(4, 1)
reference.load_state_dict(start)
train(reference, torch.optim.Adam(reference.parameters(), lr=0.01), 6)
same = all(torch.allclose(p, q, atol=1e-7) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as six steps without a break:", same)
