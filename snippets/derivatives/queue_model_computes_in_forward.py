import torch
import torch.multiprocessing as mp
from torch import nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)
        self.log_scale = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return self.linear(x) * self.log_scale.exp()  # computed in each forward, from the parameter


torch.manual_seed(0)
model = Scaled()
to_workers = mp.SimpleQueue()  # what worker processes would read from
to_workers.put(model)  # only parameters now: leaves, which pickle fine

worker_copy = to_workers.get()  # as a worker would receive it
loss = worker_copy(torch.randn(8, 4)).pow(2).mean()
loss.backward()
print(f"received a {type(worker_copy).__name__}: loss {loss.item():.4f}, log_scale.grad {worker_copy.log_scale.grad.item():.4f}")
