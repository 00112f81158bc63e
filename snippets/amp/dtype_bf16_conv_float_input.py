# raises: RuntimeError
# fixed-by: amp/dtype_bf16_conv_autocast
# cause: a convolutional model cast to bfloat16 or float16 with .to() or .half() is given the float32 images a data loader yields, outside autocast
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 4, 3))
model = model.to(torch.bfloat16)  # "mixed precision" by casting the whole model
images = torch.randn(2, 3, 12, 12)  # the data loader still yields float32
print("weight:", model[0].weight.dtype, "| input:", images.dtype)
out = model(images)
