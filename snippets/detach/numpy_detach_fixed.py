import torch

w = torch.tensor([0.5, 1.5], requires_grad=True)
arr = w.detach().numpy()  # shares memory with w, so no copy is made
print("array:", arr, arr.dtype)

with torch.no_grad():
    w.mul_(2)  # update w the way an optimizer does
print("array after w.mul_(2):", arr)  # the array sees the change
