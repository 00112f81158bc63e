# raises: TypeError
# fixed-by: hooks/tensor_hook_returns_tensor
# cause: a tensor hook written like a module backward hook returns its new gradient in a tuple, (grad,), where a tensor hook returns a tensor or None
import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(4, 3), nn.Linear(3, 1)
x = torch.randn(5, 4)

features = encoder(x)
# let the encoder learn at a tenth of the head's rate: scale the gradient that reaches it
features.register_hook(lambda grad: (grad * 0.1,))
head(features).pow(2).mean().backward()
