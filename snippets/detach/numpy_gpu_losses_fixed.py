import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = torch.nn.Linear(3, 1).to(device)
batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]

losses = []
with torch.no_grad():
    for x, y in batches:
        x, y = x.to(device), y.to(device)
        losses.append(F.mse_loss(model(x), y).item())  # a Python float, on the host
print("loss values are floats:", all(isinstance(v, float) for v in losses))
print("validation loss:", round(float(np.mean(losses)), 3))
