# raises: RuntimeError
# fixed-by: inplace/init_param_nn_init
# cause: a custom module initialises its nn.Parameter with an in-place method outside torch.no_grad()
import torch
from torch import nn


class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gain = nn.Parameter(torch.empty(dim))
        self.gain.normal_(1.0, 0.02)  # in place on a leaf that requires grad

    def forward(self, x):
        return x * self.gain


torch.manual_seed(0)
Scale(4)
