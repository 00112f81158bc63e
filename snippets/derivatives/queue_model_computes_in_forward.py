# reference: same gradients as the original model
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

# The reference: the original model, not the copy the queue handed over, on the same input drawn
# again from the seed (after the draws of Scaled's weights).
torch.manual_seed(0)
Scaled()
x = torch.randn(8, 4)
expected = torch.autograd.grad(model(x).pow(2).mean(), list(model.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(worker_copy.parameters(), expected))
print("same gradients as the original model:", same)
