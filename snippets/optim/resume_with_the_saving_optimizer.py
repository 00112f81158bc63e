# reference: same weights and momentum as six steps without a break
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


class Lion(torch.optim.Optimizer):
    """Lion as a training repository writes it: one momentum buffer per parameter, no step count."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.99)):
        super().__init__(params, dict(lr=lr, betas=betas))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                state = self.state[p]
                if not state:
                    state["exp_avg"] = torch.zeros_like(p)
                p.add_(torch.sign(beta1 * state["exp_avg"] + (1 - beta1) * p.grad), alpha=-group["lr"])
                state["exp_avg"].mul_(beta2).add_(p.grad, alpha=1 - beta2)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run trains with Lion for three steps and saves a checkpoint that names its optimizer
model = nn.Linear(4, 1)
start = {k: v.clone() for k, v in model.state_dict().items()}
opt = Lion(model.parameters())
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "optimizer_class": type(opt).__name__}

# the resumed run builds the optimizer the checkpoint names and loads its state into that
OPTIMIZERS = {"Lion": Lion, "AdamW": torch.optim.AdamW}
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = OPTIMIZERS[checkpoint["optimizer_class"]](model.parameters())
opt.load_state_dict(checkpoint["optimizer"])
print("resumed with:", type(opt).__name__)
for _ in range(3):
    train_step(model, opt)

# the same six steps in one run, without a checkpoint
unbroken = nn.Linear(4, 1)
unbroken.load_state_dict(start)
unbroken_opt = Lion(unbroken.parameters())
for _ in range(6):
    train_step(unbroken, unbroken_opt)
pairs = list(zip(model.parameters(), unbroken.parameters()))
same = all(torch.equal(a, b) and torch.equal(opt.state[a]["exp_avg"], unbroken_opt.state[b]["exp_avg"]) for a, b in pairs)
print("same weights and momentum as six steps without a break:", same)
