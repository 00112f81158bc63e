# raises: RuntimeError
# fixed-by: hooks/expanded_buffer_update_fixed
# cause: a running-statistics buffer created with expand() is updated in place during training
import torch
from torch import nn


class GroupCovariance(nn.Module):  # keeps a running covariance per group, as whitening layers do
    def __init__(self, groups, channels, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("running_cov", torch.eye(channels).expand(groups, channels, channels))

    def forward(self, x):  # x: (batch, groups, channels)
        xc = x - x.mean(0)
        if self.training:
            cov = torch.einsum("bgi,bgj->gij", xc, xc) / x.shape[0]
            self.running_cov.mul_(1 - self.momentum).add_(self.momentum * cov.detach())
        return xc


torch.manual_seed(0)
layer = GroupCovariance(groups=2, channels=3)
print("running_cov strides:", layer.running_cov.stride())
layer(torch.randn(16, 2, 3))
