# raises: RuntimeError
# fixed-by: derivatives/ctc_gradient_penalty_finite_difference
# cause: a gradient-norm penalty on the parameters (autograd.grad with create_graph=True) of a model trained with CTC loss
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 5))  # 5 classes, 0 is the blank
frames = torch.randn(12, 2, 8)  # (time, batch, features)
targets = torch.tensor([[1, 2, 3], [2, 2, 4]])
frame_lengths, target_lengths = torch.tensor([12, 12]), torch.tensor([3, 3])

log_probs = model(frames).log_softmax(-1)
loss = F.ctc_loss(log_probs, targets, frame_lengths, target_lengths)
grads = torch.autograd.grad(loss, list(model.parameters()), create_graph=True)
penalty = sum(g.pow(2).sum() for g in grads)
print(f"loss {loss.item():.3f}, gradient penalty {penalty.item():.3f}")
(loss + 0.1 * penalty).backward()  # differentiates CTC's backward
