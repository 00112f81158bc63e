# raises: TypeError
# fixed-by: detach/numpy_gpu_losses_fixed
# cause: a list of per-batch losses kept as GPU tensors averaged with np.mean
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
device = torch.device("meta")  # stands in for "cuda": NumPy reads a tensor through numpy()
model = torch.nn.Linear(3, 1).to(device)
batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]

losses = []
with torch.no_grad():  # evaluation: nothing here requires grad
    for x, y in batches:
        x, y = x.to(device), y.to(device)
        losses.append(F.mse_loss(model(x), y))
print("validation loss:", np.mean(losses))
