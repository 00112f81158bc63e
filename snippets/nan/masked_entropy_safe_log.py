import torch

logits = torch.tensor([[2.0, 0.5, -1.0], [0.0, 1.0, 3.0]], requires_grad=True)
valid = torch.tensor([[True, True, False], [True, True, True]])
probs = logits.masked_fill(~valid, float("-inf")).softmax(-1)

# Mask the input of log, not only its result: log(1) = 0, and no 0 * inf is ever formed.
safe_probs = torch.where(probs > 0, probs, torch.ones(()))
entropy = -(probs * safe_probs.log()).sum(-1)
print("entropy:", entropy)
entropy.sum().backward()
print("logits.grad:", logits.grad)
