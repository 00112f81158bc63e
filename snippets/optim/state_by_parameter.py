# reference: same weights as six steps with one optimizer
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
old_opt = torch.optim.Adam(model.parameters(), lr=0.01)
train(model, old_opt, 3)

# optimizer.state is keyed by the parameter itself: copy each parameter's state from there
new_opt = torch.optim.Adam(model.parameters(), lr=0.01)
for p in model.parameters():
    new_opt.state[p] = {key: value.clone() for key, value in old_opt.state[p].items()}
print("parameters with state:", len(new_opt.state), "| saved:", sorted(new_opt.state_dict()["state"]))
train(model, new_opt, 3)

# The reference: the same six steps with one optimizer, from the same starting weights.
reference = nn.Linear(4, 1)
reference.load_state_dict(start)
train(reference, torch.optim.Adam(reference.parameters(), lr=0.01), 6)
same = all(torch.allclose(p, q, atol=1e-7) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as six steps with one optimizer:", same)
