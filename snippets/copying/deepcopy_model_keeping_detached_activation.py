# reference: same gradients as the closed form
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
x = torch.randn(2, 4)
student(x).sum().backward()
teacher = copy.deepcopy(student)
print("teacher has its own weights:", teacher.proj.weight is not student.proj.weight)
print("with the same values:", torch.equal(teacher.proj.weight, student.proj.weight))
print("teacher.proj.weight.is_leaf:", teacher.proj.weight.is_leaf)

# The reference: the closed form of the training step's gradients. With t = tanh(x @ W.T + b),
# the sum's gradient is (1 - t**2).T @ x for W and (1 - t**2) summed over the batch for b.
with torch.no_grad():
    slope = 1 - torch.tanh(x @ student.proj.weight.T + student.proj.bias) ** 2
grads = [student.proj.weight.grad, student.proj.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, [slope.T @ x, slope.sum(0)]))
print("same gradients as the closed form:", same)
