import torch

t = torch.tensor([0.0, 1.0], requires_grad=True)
via_detach = t.detach()
via_data = t.data

print("requires_grad:", via_detach.requires_grad, via_data.requires_grad)
print("is_leaf:      ", via_detach.is_leaf, via_data.is_leaf)
print("same storage: ", via_detach.data_ptr() == t.data_ptr(), via_data.data_ptr() == t.data_ptr())

via_data[0] = 5.0  # an edit through either one is an edit of t
print("t:", t)
