import torch
from torch import nn


def as_metric(value):
    """Accepts a Python number or a tensor, for the training log."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone().to(torch.float32)  # a copy of its own, out of the graph
    return torch.tensor(value, dtype=torch.float32)


torch.manual_seed(0)
model = nn.Linear(4, 1)
x, y = torch.randn(8, 4), torch.randn(8, 1)
loss = nn.functional.mse_loss(model(x), y)
log = {"lr": as_metric(0.1), "loss": as_metric(loss)}
print(log)
print("logged loss requires grad:", log["loss"].requires_grad)

# A parameter is updated in place later; its logged value must not follow it.
logged_bias = as_metric(model.bias)
alias = model.bias.detach().to(torch.float32)  # without clone(): float32 already, so no copy
with torch.no_grad():
    model.bias.add_(1.0)
print("logged bias moved with the update:", torch.equal(logged_bias, model.bias))
print("detach().to(float32) alone moved with it:", torch.equal(alias, model.bias))
