# raises: TypeError
# fixed-by: optim/lbfgs_step_with_closure
# cause: a training loop written for Adam or SGD computes the loss, calls backward() and then optimizer.step() with no argument, and the optimizer is L-BFGS, whose step needs a function that computes the loss again
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(32, 3, dtype=torch.float64)
y = x @ torch.tensor([[1.5], [-2.0], [0.5]], dtype=torch.float64) + 0.1 * torch.randn(32, 1, dtype=torch.float64)
model = nn.Linear(3, 1).double()
opt = torch.optim.LBFGS(model.parameters())  # swapped in for torch.optim.Adam

for step in range(5):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()  # the loop's line for Adam and SGD
