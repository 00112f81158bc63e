# fixed-by: copying/detach_clone_independent
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor(x)  # works, but PyTorch says what it would rather see

print("y.requires_grad:", y.requires_grad, "| same memory:", y.data_ptr() == x.data_ptr())
