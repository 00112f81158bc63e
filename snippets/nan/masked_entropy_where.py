# graph: entropy
import torch

# Entropy bonus of a policy whose invalid actions are masked out of the softmax.
logits = torch.tensor([[2.0, 0.5, -1.0], [0.0, 1.0, 3.0]], requires_grad=True)
valid = torch.tensor([[True, True, False], [True, True, True]])
probs = logits.masked_fill(~valid, float("-inf")).softmax(-1)  # exactly 0 where invalid

# 0 * log(0) is NaN; torch.where picks 0 there instead, so the value is fine ...
entropy = -torch.where(probs > 0, probs * probs.log(), torch.zeros(())).sum(-1)
print("entropy:", entropy)
entropy.sum().backward()
print("logits.grad:", logits.grad)  # ... but the gradient is NaN
