# raises: RuntimeError
# fixed-by: cuts/detach_in_loss_fixed
# cause: a detached copy of the output, made for logging, passed to the loss
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
epoch_outputs = []  # for a confusion matrix at the end of the epoch

logits = model(x).detach()  # detached so the stored copies do not keep graphs alive
epoch_outputs.append(logits)
loss = F.cross_entropy(logits, y)  # ... but the loss gets the detached copy too
print("loss.requires_grad:", loss.requires_grad)
loss.backward()
