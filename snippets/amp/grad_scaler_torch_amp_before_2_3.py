# raises: AttributeError
# before-torch: 2.3
# fixed-by: amp/grad_scaler_for_the_release
# cause: training code written for PyTorch 2.3 or later builds torch.amp.GradScaler, which older releases have only as torch.cuda.amp.GradScaler
import torch
from torch import nn

model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
device = "cuda" if torch.cuda.is_available() else "cpu"
scaler = torch.amp.GradScaler(device)
