import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
# ... trained ...
direction = torch.randn(3)
neuron = 5
before = model[2].weight[:, neuron].tolist()
with torch.no_grad():  # an edit of the weights, not part of any forward pass
    model[2].weight[:, neuron] += 0.5 * direction
after = model[2].weight[:, neuron].tolist()
print("change:", [round(b - a, 4) for a, b in zip(before, after)])
print("0.5 * direction:", [round(d, 4) for d in (0.5 * direction).tolist()])
w = model[2].weight
print(f"is_leaf {w.is_leaf} | requires_grad {w.requires_grad}")
