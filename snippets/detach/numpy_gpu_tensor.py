# raises: TypeError
# fixed-by: detach/numpy_gpu_tensor_fixed
# cause: predictions of a model on the GPU handed to NumPy with .detach().numpy(), without .cpu()
import torch

torch.manual_seed(0)
device = torch.device("meta")  # stands in for "cuda": numpy() refuses every device but the CPU
model = torch.nn.Linear(3, 2).to(device)
x = torch.randn(4, 3, device=device)

logits = model(x)
scores = logits.detach().numpy()  # detached, but still in the GPU's memory
