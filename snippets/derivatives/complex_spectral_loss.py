# raises: RuntimeError
# fixed-by: derivatives/complex_spectral_loss_magnitude
# cause: a spectral loss compares FFTs and reduces the complex difference without abs(), so the loss is a complex scalar
# min-torch: 2.1
import torch

torch.manual_seed(0)
target = torch.sin(torch.linspace(0, 12.0, 64))
pred = torch.zeros(64, requires_grad=True)

diff = torch.fft.rfft(pred) - torch.fft.rfft(target)
loss = diff.pow(2).mean()  # complex: the square of a complex number is complex
print("loss:", loss.dtype)
loss.backward()
