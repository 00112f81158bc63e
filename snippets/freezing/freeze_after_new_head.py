# raises: ValueError
# fixed-by: freezing/freeze_before_new_head
# cause: the new head attached before the freeze loop, which then freezes it too
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))  # pretrained, 10 classes
model[2] = nn.Linear(32, 3)  # a new head for our 3 classes
for p in model.parameters():  # meant to freeze the pretrained layers
    p.requires_grad = False
trainable = [p for p in model.parameters() if p.requires_grad]
print("trainable tensors:", len(trainable))
opt = torch.optim.SGD(trainable, lr=0.01)
