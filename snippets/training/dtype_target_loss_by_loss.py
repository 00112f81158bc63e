import torch
from torch import nn

torch.manual_seed(0)
prediction = torch.rand(4, 1, requires_grad=True)  # float32, between 0 and 1 for BCELoss
target = torch.rand(4, 1, dtype=torch.float64)  # float64, as NumPy makes it
for criterion in (nn.MSELoss(), nn.L1Loss(), nn.HuberLoss(), nn.BCELoss()):
    name = type(criterion).__name__
    try:
        loss = criterion(prediction, target)
    except RuntimeError as error:  # caught, to go on to the next loss
        print(f"{name}: the forward pass raised: {error}")
        continue
    try:
        loss.backward()
    except RuntimeError as error:
        print(f"{name}: the backward pass raised: {error}")
    else:
        print(f"{name}: backward ran, the gradient is {prediction.grad.dtype}")
