# raises: RuntimeError
# fixed-by: amp/bf16_model_autocast
# cause: a float32 layer added after the model was cast to bfloat16 or float16 receives its low-precision output
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU()).to(torch.bfloat16)  # pretrained, loaded in bfloat16
head = nn.Linear(16, 2)  # a new classifier, created afterwards in the default float32
x = torch.randn(4, 8, dtype=torch.bfloat16)
features = backbone(x)
print("features dtype:", features.dtype, "| head weight dtype:", head.weight.dtype)
logits = head(features)
