import numpy as np
import torch

torch.manual_seed(0)
layer = torch.nn.Linear(3, 2)
weights = layer.weight.detach().numpy()  # no copy: the array shares memory with the parameter
counts, edges = np.histogram(weights, bins=4)
print("histogram counts:", counts)

snapshot = weights.copy()  # a copy, for a history that must not change
with torch.no_grad():
    layer.weight.mul_(2)  # an update, made the way an optimizer makes it
print("array:   ", weights[0].round(4))  # sees the update
print("snapshot:", snapshot[0].round(4))
