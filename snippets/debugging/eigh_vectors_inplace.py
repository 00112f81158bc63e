# raises: RuntimeError
# fixed-by: debugging/eigh_vectors_out_of_place
# cause: the eigenvectors from torch.linalg.eigh get their signs fixed in place
import torch

A = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
vals, vecs = torch.linalg.eigh(A)  # one node, two outputs: 0 = vals, 1 = vecs
vecs *= torch.sign(vecs[0])  # make the first entry of each vector positive, in place
loss = vals.sum() + vecs.sum()
loss.backward()
