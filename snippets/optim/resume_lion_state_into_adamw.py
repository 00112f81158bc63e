# raises: KeyError
# fixed-by: optim/resume_with_the_saving_optimizer
# cause: a run resumed with AdamW loads the state another optimizer implementation saved, one that keeps no step count per parameter, and AdamW reads each parameter's step count as it loads
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


# the first run trains with Lion for three steps and saves a checkpoint
model = nn.Linear(4, 1)
opt = Lion(model.parameters())
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}
print("saved state of the weight:", sorted(checkpoint["optimizer"]["state"][0]))

# AdamW's own state, with the bias's step count deleted by hand: where does it stop?
other = nn.Linear(4, 1)
adamw = torch.optim.AdamW(other.parameters())
train_step(other, adamw)
edited = adamw.state_dict()
del edited["state"][1]["step"]
adamw = torch.optim.AdamW(other.parameters())
stage = "load_state_dict()"
try:
    adamw.load_state_dict(edited)
    stage = "step()"
    train_step(other, adamw)
except KeyError as error:
    print(f"without the bias's step count: KeyError {error} in {stage}")

# the resumed run builds AdamW and loads the saved optimizer state
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
opt.load_state_dict(checkpoint["optimizer"])
train_step(model, opt)
