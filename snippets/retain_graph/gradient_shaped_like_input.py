# raises: RuntimeError
# fixed-by: retain_graph/gradient_shaped_like_output
# cause: a relevance map the size of the input given as the gradient of a smaller output
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.Conv2d(4, 1, 3))  # no padding
image = torch.randn(1, 1, 12, 12, requires_grad=True)
out = net(image)
print("image:", tuple(image.shape), "| out:", tuple(out.shape))
relevance = (image.detach() > 0).float()  # a map drawn over the input image
out.backward(gradient=relevance)
