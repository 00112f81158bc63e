# raises: RuntimeError
# fixed-by: cuts/argmax_in_loss_fixed
# cause: a loss built from predicted classes (argmax, ==) instead of from the scores
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

logits = model(x)
predicted = logits.argmax(dim=1)  # class indices: integers, which carry no gradient
loss = (predicted != y).float().mean()  # the error rate, the number we want to bring down
print("logits.requires_grad:", logits.requires_grad, end=" | ")
print("predicted.requires_grad:", predicted.requires_grad)
print(f"error rate {loss.item():.3f} | loss.requires_grad {loss.requires_grad}")
loss.backward()
