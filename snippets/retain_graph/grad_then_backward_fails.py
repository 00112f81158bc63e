# raises: RuntimeError
# fixed-by: retain_graph/grad_then_backward_retained
# cause: torch.autograd.grad() on the loss (to log a gradient norm), then loss.backward() on the same graph
import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Sequential(nn.Linear(3, 8), nn.Tanh()), nn.Linear(8, 1)
x, y = torch.randn(16, 3), torch.randn(16, 1)

features = encoder(x)
loss = nn.functional.mse_loss(head(features), y)
(grad_features,) = torch.autograd.grad(loss, features)  # frees the saved tensors it walked past
print(f"gradient norm at the features: {grad_features.norm():.4f}")
loss.backward()
