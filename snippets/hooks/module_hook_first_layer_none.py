# raises: AttributeError
# fixed-by: hooks/log_grad_norms
# cause: a module backward hook reads grad_input[0] on the first layer, whose input (the data) does not require grad
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
x, target = torch.randn(8, 3), torch.randn(8, 1)  # data: needs no gradient


def log_input_grad_norm(module, grad_input, grad_output):
    print(f"{module}: grad_input[0] norm {grad_input[0].norm():.4f}")


for layer in model:
    if isinstance(layer, nn.Linear):
        layer.register_full_backward_hook(log_input_grad_norm)

nn.functional.mse_loss(model(x), target).backward()
