# raises: RuntimeError
# fixed-by: inplace/relu_inplace_fixed
# cause: nn.ReLU(inplace=True) right after nn.Sigmoid, whose backward needs its output
# graph: out
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.Sigmoid(), nn.ReLU(inplace=True))
out = net(torch.ones(1, 2))  # ReLU changes no value here: sigmoid is positive
out.sum().backward()
