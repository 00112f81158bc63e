# raises: NotImplementedError
# before-torch: 2.3
# fixed-by: amp/grad_scaler_for_the_release
# cause: a GradScaler left on unscales gradients that live on the CPU (a model never moved to the GPU, FSDP or DeepSpeed offloading parameters to the CPU) on a release whose CPU has no unscaling kernel
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)  # its weights, and so its gradients, on the CPU
x, target = torch.randn(16, 8), torch.randn(16, 1)
scale = 65536.0  # a GradScaler's first scale
(nn.functional.mse_loss(model(x), target) * scale).backward()

# scaler.unscale_(optimizer), and so scaler.step(optimizer), makes this call for each device
# that holds gradients; on a GPU machine an enabled scaler reaches it with these CPU ones.
grads = [p.grad for p in model.parameters()]
found_inf = torch.zeros(1)
inv_scale = torch.full((1,), 1 / scale)
torch._amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale)
