# raises: RuntimeError
# fixed-by: derivatives/spawn_model_computes_in_forward
# cause: a module computes a tensor from its parameter in __init__ and keeps it as an attribute; mp.spawn pickles the module for the worker
import torch
import torch.multiprocessing as mp
from torch import nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)
        self.log_scale = nn.Parameter(torch.zeros(1))
        self.scale = self.log_scale.exp()  # computed once, from a parameter: a non-leaf that requires grad

    def forward(self, x):
        return self.linear(x) * self.scale


def train(rank, model):
    torch.manual_seed(rank)
    loss = model(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    print(f"worker {rank}: loss {loss.item():.4f}")


if __name__ == "__main__":
    torch.manual_seed(0)
    model = Scaled()
    mp.spawn(train, args=(model,), nprocs=1)  # pickles args for a fresh process
