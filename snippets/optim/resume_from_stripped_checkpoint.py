# raises: AttributeError (TypeError before 2.1)
# fixed-by: optim/resume_from_the_full_checkpoint
# cause: the resume code loads a checkpoint whose optimizer entry is None, one the training script saved without the optimizer's state (a best or final checkpoint kept for inference), and hands that None to optimizer.load_state_dict()
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
# The training script saves two checkpoints: the last one to resume from, and the best
# one for inference, with the optimizer's state left out to keep the file small.
last = {"epoch": 3, "model": model.state_dict(), "optimizer": opt.state_dict()}
best = {"epoch": 3, "model": model.state_dict(), "optimizer": None}
print("optimizer entry of the best checkpoint:", best["optimizer"])

# the resumed run is pointed at the best checkpoint
checkpoint = best
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.load_state_dict(checkpoint["optimizer"])
