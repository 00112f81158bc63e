# reference: same gradient as in real numbers
import torch

amplitude = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
total = amplitude.to(torch.complex64).sum()  # cast first, then sum complex numbers
field = total * torch.tensor(1j)  # shifted by a quarter turn
loss = field.abs() ** 2
print("loss:", loss.item())
loss.backward()
print("amplitude.grad:", amplitude.grad)

# The reference: |1j * sum|**2 is sum**2, differentiated without complex numbers.
(expected,) = torch.autograd.grad(amplitude.sum() ** 2, amplitude)
print("same gradient as in real numbers:", torch.allclose(amplitude.grad, expected))
