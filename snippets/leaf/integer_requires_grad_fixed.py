import torch

counts = torch.tensor([1, 2, 3], dtype=torch.float32, requires_grad=True)
print(counts.dtype, counts.requires_grad)
