import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))  # pretrained, 10 classes
for p in model.parameters():  # freeze what was pretrained...
    p.requires_grad = False
model[2] = nn.Linear(32, 3)  # ...then attach the new head: its parameters require grad
trainable = [name for name, p in model.named_parameters() if p.requires_grad]
print("trainable:", trainable)
opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01)
