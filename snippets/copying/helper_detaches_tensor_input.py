import torch
from torch import nn


def as_metric(value):
    """Accepts a Python number or a tensor, for the training log."""
    if isinstance(value, torch.Tensor):
        return value.detach().to(torch.float32)  # already a tensor: only leave the graph
    return torch.tensor(value, dtype=torch.float32)


torch.manual_seed(0)
model = nn.Linear(4, 1)
x, y = torch.randn(8, 4), torch.randn(8, 1)
loss = nn.functional.mse_loss(model(x), y)
log = {"lr": as_metric(0.1), "loss": as_metric(loss)}
print(log)
print("logged loss requires grad:", log["loss"].requires_grad)
