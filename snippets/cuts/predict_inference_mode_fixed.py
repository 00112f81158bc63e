import torch
import torch.nn.functional as F


@torch.inference_mode()
def predict(model, x):  # kept for serving only
    return model(x)


torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

loss = F.cross_entropy(model(x), y)  # the training step calls the model directly
loss.backward()
print("loss.grad_fn:", loss.grad_fn.name(), f"| weight.grad norm {model.weight.grad.norm():.3f}")
print("predict() for serving:", predict(model, x[:2]).argmax(dim=1))
