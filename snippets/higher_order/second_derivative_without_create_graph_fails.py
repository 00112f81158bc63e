# raises: RuntimeError
# fixed-by: higher_order/second_derivative
# cause: a derivative computed without create_graph=True, then differentiated again (curvature, physics-informed losses)
import torch

x = torch.tensor([0.5, 1.0, 2.0, 3.0], requires_grad=True)
u = torch.sin(x)  # stands for a network's output u(x), as in a physics-informed loss
(du_dx,) = torch.autograd.grad(u.sum(), x)  # plain numbers: how they were computed is not recorded
print("du/dx.requires_grad:", du_dx.requires_grad)
(d2u_dx2,) = torch.autograd.grad(du_dx.sum(), x)
