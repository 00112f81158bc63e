import torch

A = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
vals, vecs = torch.linalg.eigh(A)
vecs = vecs * torch.sign(vecs[0])  # a new tensor; output 1 of eigh is untouched
loss = vals.sum() + vecs.sum()
loss.backward()
print("A.grad:", A.grad)
