import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
x, target = torch.randn(8, 2), torch.randn(8, 1)

best_state = model.state_dict()  # "keep the best weights": references, not copies
best_state_copy = copy.deepcopy(model.state_dict())  # copies
print("weight when saved:         ", model.weight.detach())

for step in range(3):  # training goes on
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), target).backward()
    optimizer.step()

print("weight now:                ", model.weight.detach())
print("best_state['weight']:      ", best_state["weight"])  # moved with the model
print("best_state_copy['weight']: ", best_state_copy["weight"])
