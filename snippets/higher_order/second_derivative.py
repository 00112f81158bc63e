# graph: du_dx
# reference: same derivatives as cos(x) and -sin(x)
import torch

x = torch.tensor([0.5, 1.0, 2.0, 3.0], requires_grad=True)
u = torch.sin(x)  # stands for a network's output u(x), as in a physics-informed loss
(du_dx,) = torch.autograd.grad(u.sum(), x, create_graph=True)  # record how du_dx was computed
(d2u_dx2,) = torch.autograd.grad(du_dx.sum(), x)  # so it can be differentiated in turn
print("du/dx.requires_grad:", du_dx.requires_grad)
print("du/dx     ", [round(v, 4) for v in du_dx.tolist()])
print("cos(x)    ", [round(v, 4) for v in torch.cos(x).tolist()])
print("d2u/dx2   ", [round(v, 4) for v in d2u_dx2.tolist()])
print("-sin(x)   ", [round(v, 4) for v in (-torch.sin(x)).tolist()])

# The reference: the derivatives of sin by their formulas.
same = torch.allclose(du_dx, torch.cos(x)) and torch.allclose(d2u_dx2, -torch.sin(x))
print("same derivatives as cos(x) and -sin(x):", same)
