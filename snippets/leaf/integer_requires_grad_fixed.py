import torch

counts = torch.tensor([1, 2, 3], dtype=torch.float32, requires_grad=True)
phases = torch.tensor([1 + 1j, 2 - 1j], requires_grad=True)  # complex numbers have gradients too
print(counts.dtype, counts.requires_grad)
print(phases.dtype, phases.requires_grad)
