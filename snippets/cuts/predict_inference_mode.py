# raises: RuntimeError
# fixed-by: cuts/predict_inference_mode_fixed
# cause: a predict() helper decorated with @torch.inference_mode(), reused in the training step
import torch
import torch.nn.functional as F


@torch.inference_mode()
def predict(model, x):  # written for serving: fast, records nothing
    return model(x)


torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

loss = F.cross_entropy(predict(model, x), y)  # computed outside, from an output nobody recorded
print("loss.requires_grad:", loss.requires_grad)
loss.backward()
