# raises: RuntimeError
# fixed-by: derivatives/sum_complex_dtype_cast
# cause: torch.sum with a complex dtype= (mean and prod alike) turns a real input into a complex result, and its backward hands the complex gradient to the real input
import torch

amplitude = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
total = torch.sum(amplitude, dtype=torch.complex64)  # accumulate into a complex number
field = total * torch.tensor(1j)  # shifted by a quarter turn
loss = field.abs() ** 2
print("loss:", loss.item())
loss.backward()
