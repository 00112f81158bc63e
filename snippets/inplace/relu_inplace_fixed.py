# reference: same gradients as the closed form
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.Sigmoid(), nn.ReLU())  # out of place
net(torch.ones(1, 2)).sum().backward()
print("Sigmoid then ReLU():", net[0].weight.grad)
sigmoid_net = net  # kept for the check at the end

net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(inplace=True))  # Linear saves no output
net(torch.ones(1, 2)).sum().backward()
print("Linear then ReLU(inplace=True):", net[0].weight.grad)

# The reference: the closed forms for an input of ones. Each row of a weight, and its bias,
# gets the activation's slope: s * (1 - s) for the sigmoid's output s (the ReLU after it
# passes s on), 1 where the linear output is positive for the ReLU, else 0.
x = torch.ones(1, 2)
with torch.no_grad():
    s = torch.sigmoid(sigmoid_net[0](x))
    slopes = [(sigmoid_net[0], s * (1 - s)), (net[0], (net[0](x) > 0).float())]
same = all(
    layer.weight.grad is not None and torch.allclose(layer.weight.grad, slope.T @ x)
    and layer.bias.grad is not None and torch.allclose(layer.bias.grad, slope[0])
    for layer, slope in slopes
)
print("same gradients as the closed form:", same)
