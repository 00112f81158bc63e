# raises: RuntimeError
# fixed-by: amp/bf16_model_autocast
# cause: a model cast to bfloat16 or float16 with .to() or .half() is fed float32 inputs outside autocast
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
model = model.to(torch.bfloat16)  # "mixed precision" by casting the whole model
x = torch.randn(4, 8)  # the data loader still yields float32
print("weight dtype:", model[0].weight.dtype, "| input dtype:", x.dtype)
logits = model(x)
