# reference: the least-squares solution in closed form
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(32, 3, dtype=torch.float64)
y = x @ torch.tensor([[1.5], [-2.0], [0.5]], dtype=torch.float64) + 0.1 * torch.randn(32, 1, dtype=torch.float64)
model = nn.Linear(3, 1).double()
opt = torch.optim.LBFGS(model.parameters(), line_search_fn="strong_wolfe")
calls = 0


def closure():
    # L-BFGS calls this at every point it tries: each call zeroes the gradients, computes
    # the loss at the current weights, fills .grad and returns the loss
    global calls
    calls += 1
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


loss = opt.step(closure)  # returns the loss of the closure's first call
print(f"first step: loss before it {loss.item():.4f}, closure called more than once: {calls > 1}")
for step in range(2):
    opt.step(closure)
print(f"loss after three steps {closure().item():.4f}")

# The reference: the weights and bias that minimise the squared error, the least-squares
# solution for the design matrix [x, 1], computed without any optimizer.
design = torch.cat([x, torch.ones(32, 1, dtype=torch.float64)], dim=1)
solution = torch.linalg.lstsq(design, y).solution.flatten()
got = torch.cat([model.weight.detach().flatten(), model.bias.detach()])
print("the least-squares solution in closed form:", torch.allclose(got, solution, atol=1e-5))
