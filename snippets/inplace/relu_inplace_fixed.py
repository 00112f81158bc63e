import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.Sigmoid(), nn.ReLU())  # out of place
net(torch.ones(1, 2)).sum().backward()
print("Sigmoid then ReLU():", net[0].weight.grad)

net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(inplace=True))  # Linear saves no output
net(torch.ones(1, 2)).sum().backward()
print("Linear then ReLU(inplace=True):", net[0].weight.grad)
