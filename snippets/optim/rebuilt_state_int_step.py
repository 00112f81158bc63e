# raises: RuntimeError
# fixed-by: optim/rebuilt_state_float_step
# cause: code that fills AdamW's state itself, here from a checkpoint that keeps the moments by name and the iteration as an int, writes state['step'] as an integer tensor, which the foreach implementation, Adam's and AdamW's default for CUDA parameters, refuses
# min-torch: 2.1
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
opt = torch.optim.AdamW(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
moments = {name: (opt.state[p]["exp_avg"], opt.state[p]["exp_avg_sq"]) for name, p in model.named_parameters()}
checkpoint = {"model": model.state_dict(), "moments": moments, "iteration": 3}


def resume(foreach):
    model = nn.Linear(4, 1)
    model.load_state_dict(checkpoint["model"])
    opt = torch.optim.AdamW(model.parameters(), lr=0.01, foreach=foreach)
    for name, p in model.named_parameters():
        exp_avg, exp_avg_sq = checkpoint["moments"][name]
        step = torch.tensor(checkpoint["iteration"])  # an int64 tensor
        opt.state[p] = {"step": step, "exp_avg": exp_avg.clone(), "exp_avg_sq": exp_avg_sq.clone()}
    return model, opt


model, opt = resume(foreach=False)  # the for-loop implementation, the CPU's default
train_step(model, opt)
print("for-loop step with a", opt.state[model.weight]["step"].dtype, "step: done")

model, opt = resume(foreach=True)  # the foreach implementation, the default for CUDA parameters
train_step(model, opt)
