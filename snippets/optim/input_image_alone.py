# raises: TypeError
# fixed-by: optim/input_image_in_list
# cause: the one tensor to optimise, an input image rather than a model's weights, handed to the optimizer by itself instead of inside a list
import torch
from torch import nn

torch.manual_seed(0)
features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU()).requires_grad_(False)
target = features(torch.rand(1, 3, 16, 16))  # the features the image should come to have
image = torch.rand(1, 3, 16, 16, requires_grad=True)
opt = torch.optim.Adam(image, lr=0.05)
