# reference: same weights as six steps without stopping
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: three steps, then a checkpoint with the moments by name and the iteration
model = nn.Linear(4, 1)
start = {k: v.clone() for k, v in model.state_dict().items()}
opt = torch.optim.AdamW(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
moments = {name: (opt.state[p]["exp_avg"], opt.state[p]["exp_avg_sq"]) for name, p in model.named_parameters()}
checkpoint = {"model": model.state_dict(), "moments": moments, "iteration": 3}
print("AdamW's own step:", opt.state[model.weight]["step"].dtype)

# the resumed run writes the step as a float32 tensor, the type AdamW makes itself
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.AdamW(model.parameters(), lr=0.01, foreach=True)
for name, p in model.named_parameters():
    exp_avg, exp_avg_sq = checkpoint["moments"][name]
    step = torch.tensor(float(checkpoint["iteration"]), dtype=torch.float32)
    opt.state[p] = {"step": step, "exp_avg": exp_avg.clone(), "exp_avg_sq": exp_avg_sq.clone()}
for _ in range(3):
    train_step(model, opt)
print("step after resuming:", int(opt.state[model.weight]["step"]))

# The reference: the same model trained for six steps in one run, never stopped.
ref = nn.Linear(4, 1)
ref.load_state_dict(start)
ref_opt = torch.optim.AdamW(ref.parameters(), lr=0.01)
for _ in range(6):
    train_step(ref, ref_opt)
same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(model.parameters(), ref.parameters()))
print("same weights as six steps without stopping:", same)
