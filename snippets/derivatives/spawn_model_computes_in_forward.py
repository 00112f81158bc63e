import torch
import torch.multiprocessing as mp
from torch import nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)
        self.log_scale = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return self.linear(x) * self.log_scale.exp()  # computed in each forward: a new graph every step


def train(rank, model):
    torch.manual_seed(rank)
    loss = model(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    print(f"worker {rank}: loss {loss.item():.4f}, log_scale.grad {model.log_scale.grad.item():.4f}")


if __name__ == "__main__":
    torch.manual_seed(0)
    model = Scaled()
    mp.spawn(train, args=(model,), nprocs=1)  # the module holds only parameters, which pickle as leaves
