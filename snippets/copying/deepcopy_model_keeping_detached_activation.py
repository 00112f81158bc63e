import copy

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.last_features = None  # kept for plotting

    def forward(self, x):
        features = torch.tanh(self.proj(x))
        self.last_features = features.detach()  # values only: a leaf, and no graph kept alive
        return features


torch.manual_seed(0)
student = Encoder()
student(torch.randn(2, 4)).sum().backward()
teacher = copy.deepcopy(student)
print("teacher has its own weights:", teacher.proj.weight is not student.proj.weight)
print("with the same values:", torch.equal(teacher.proj.weight, student.proj.weight))
print("teacher.proj.weight.is_leaf:", teacher.proj.weight.is_leaf)
