import torch
from torch import nn

torch.manual_seed(0)
PAD = 0
embedding = nn.Embedding(10, 4)
layer = nn.Linear(4, 4)
with torch.no_grad():  # edits of weights are not part of any forward pass
    embedding.weight[PAD] = 0.0
    layer.weight[layer.weight.abs() < 0.1] = 0.0
print("padding row:", embedding.weight[PAD].tolist())
print("zeros in layer.weight:", (layer.weight == 0).sum().item())
for name, w in (("embedding", embedding.weight), ("layer", layer.weight)):
    print(f"{name}: is_leaf {w.is_leaf} | requires_grad {w.requires_grad} | _version {w._version}")
