# reference: same gradients as a fresh forward per pass
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

# The reference: a fresh forward for each of the two passes, so that neither needs retain_graph.
fresh = encoder(x)
(fresh_grad,) = torch.autograd.grad(nn.functional.mse_loss(head(fresh), y), fresh)
params = [*encoder.parameters(), *head.parameters()]
expected = torch.autograd.grad(nn.functional.mse_loss(head(encoder(x)), y), params)
same = torch.allclose(grad_features, fresh_grad)
same = same and all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as a fresh forward per pass:", same)
