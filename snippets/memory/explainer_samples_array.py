# fixed-by: memory/explainer_samples_no_grad
# cause: a prediction that requires grad stored into a NumPy array element
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
np.random.seed(0)
model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
x = torch.randn(1, 6)
base = model(x).softmax(dim=1)[0, 1]  # the probability of class 1

samples = np.zeros((4, 7))  # six feature-kept flags, then the change in the prediction
for i in range(4):
    keep = np.random.rand(6) < 0.5
    samples[i, :6] = keep
    perturbed = model(x * torch.from_numpy(keep).float()).softmax(dim=1)[0, 1]
    samples[i, 6] = base - perturbed  # a 0-dim tensor that requires grad
print(samples.round(3))
