# reference: same gradient as finite differences
import torch

A = torch.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
vals, vecs = torch.linalg.eigh(A)
vecs = vecs * torch.sign(vecs[0])  # a new tensor; output 1 of eigh is untouched
loss = vals.sum() + vecs.sum()
loss.backward()
print("A.grad:", A.grad)


# The reference: central differences of the same loss in float64, A moved along (E_ij + E_ji) / 2,
# the way a symmetric matrix can move (eigh reads one triangle only).
def loss_at(M):
    vals, vecs = torch.linalg.eigh(M)
    return vals.sum() + (vecs * torch.sign(vecs[0])).sum()


A64, expected = A.detach().double(), torch.zeros(2, 2, dtype=torch.float64)
for i in range(2):
    for j in range(2):
        step = torch.zeros(2, 2, dtype=torch.float64)
        step[i, j] += 0.5e-6
        step[j, i] += 0.5e-6
        expected[i, j] = (loss_at(A64 + step) - loss_at(A64 - step)) / 2e-6
print("same gradient as finite differences:", torch.allclose(A.grad.double(), expected))
