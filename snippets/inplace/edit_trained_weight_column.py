# raises: RuntimeError
# fixed-by: inplace/edit_trained_weight_column_no_grad
# cause: a trained model's weight is edited by hand through a slice (model editing) outside torch.no_grad()
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
# ... trained ...
direction = torch.randn(3)
neuron = 5
# move what hidden unit 5 writes to the output along `direction`
model[2].weight[:, neuron] += 0.5 * direction  # the column is a view of the weight
