# raises: RuntimeError
# fixed-by: retain_graph/total_loss_backward_fixed
# cause: backward() called every step on a running sum of the losses instead of on that step's loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(16, 3), torch.randn(16, 1)) for _ in range(4)]

total_loss = 0.0
for step, (x, y) in enumerate(batches):
    loss = nn.functional.mse_loss(model(x), y)
    total_loss += loss  # a tensor whose graph reaches back to every earlier step
    opt.zero_grad()
    total_loss.backward()  # step 1 walks into step 0's graph, freed by step 0's backward
    opt.step()
    print(f"step {step}: total_loss {total_loss.item():.4f}")
