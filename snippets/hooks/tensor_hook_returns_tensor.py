# reference: same as plain autograd, the encoder's times 0.1
import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(4, 3), nn.Linear(3, 1)
x = torch.randn(5, 4)

features = encoder(x)
# let the encoder learn at a tenth of the head's rate: scale the gradient that reaches it
features.register_hook(lambda grad: grad * 0.1)  # a tensor hook returns a tensor
head(features).pow(2).mean().backward()

# The reference: the same model without the hook, by plain autograd.
params = list(encoder.parameters()) + list(head.parameters())
plain = torch.autograd.grad(head(encoder(x)).pow(2).mean(), params)
expected = [plain[0] * 0.1, plain[1] * 0.1, plain[2], plain[3]]
same = all(torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same as plain autograd, the encoder's times 0.1:", same)
