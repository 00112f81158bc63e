# raises: RuntimeError
# fixed-by: copying/deepcopy_model_keeping_detached_activation
# cause: copy.deepcopy of a model that keeps an intermediate result of its last forward pass as an attribute
import copy

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.last_features = None  # kept for plotting

    def forward(self, x):
        self.last_features = torch.tanh(self.proj(x))  # a non-leaf: it has a grad_fn
        return self.last_features


torch.manual_seed(0)
student = Encoder()
student(torch.randn(2, 4)).sum().backward()  # a training step
teacher = copy.deepcopy(student)  # the slowly updated copy of self-distillation
