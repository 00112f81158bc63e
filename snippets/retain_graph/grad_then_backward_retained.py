import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Sequential(nn.Linear(3, 8), nn.Tanh()), nn.Linear(8, 1)
x, y = torch.randn(16, 3), torch.randn(16, 1)

features = encoder(x)
loss = nn.functional.mse_loss(head(features), y)
(grad_features,) = torch.autograd.grad(loss, features, retain_graph=True)  # backward() comes next
print(f"gradient norm at the features: {grad_features.norm():.4f}")
loss.backward()  # the last pass: it may free the graph
print(f"gradient norm at head.weight:  {head.weight.grad.norm():.4f}")
