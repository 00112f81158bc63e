import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = a  # a second name for the same tensor
c = a.clone()  # a new tensor with its own memory

print("b is a:", b is a, "| c is a:", c is a)
print("same memory: b", b.data_ptr() == a.data_ptr(), "| c", c.data_ptr() == a.data_ptr())
a[0] = 100.0  # edit the original
print("b:", b)
print("c:", c)
