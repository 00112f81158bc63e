# raises: RuntimeError
# fixed-by: hooks/hook_on_constant_fixed
# cause: a hook registered on a tensor that does not require grad, such as an input batch
import torch

x = torch.tensor([1.0, 2.0])  # requires_grad is False by default
print("x.requires_grad:", x.requires_grad)
x.register_hook(lambda grad: print("hook sees:", grad))
