# raises: RuntimeError
# fixed-by: training/dtype_float_class_target_long
# cause: segmentation masks of class indices are loaded as float (image transforms, torch.tensor of a float array) and given to CrossEntropyLoss, which wants integer class indices
# min-torch: 2.12
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Conv2d(3, 4, 1)  # 4 classes, one score per pixel
images = torch.randn(2, 3, 5, 5)
masks = torch.randint(0, 4, (2, 5, 5)).float()  # class indices, stored as float
criterion = nn.CrossEntropyLoss()

logits = model(images)
print("logits:", tuple(logits.shape), logits.dtype, "| masks:", tuple(masks.shape), masks.dtype)
loss = criterion(logits, masks)
