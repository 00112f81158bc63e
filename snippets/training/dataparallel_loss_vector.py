import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)

# What nn.DataParallel does on two GPUs when the model returns its loss: each replica
# gets half the batch and returns a scalar; the gather makes them one vector.
per_device = [F.mse_loss(model(xs), ys) for xs, ys in zip(x.chunk(2), y.chunk(2))]
gathered = torch.stack(per_device)
print("gathered loss shape:", gathered.shape)

gathered.mean().backward()  # reduce before backward
grads = [p.grad.clone() for p in model.parameters()]

# The reference: the loss of the whole batch on one device.
model.zero_grad()
F.mse_loss(model(x), y).backward()
print("same gradients as the whole batch on one device:",
      all(g is not None and torch.allclose(g, p.grad) for g, p in zip(grads, model.parameters())))
