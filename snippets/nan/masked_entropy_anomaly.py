# raises: RuntimeError
# fixed-by: nan/masked_entropy_safe_log
# cause: torch.where hides a 0 * log(0) in the forward pass, and anomaly mode's NaN check stops the backward pass
import torch

logits = torch.tensor([[2.0, 0.5, -1.0], [0.0, 1.0, 3.0]], requires_grad=True)
valid = torch.tensor([[True, True, False], [True, True, True]])
with torch.autograd.detect_anomaly(check_nan=True):
    probs = logits.masked_fill(~valid, float("-inf")).softmax(-1)
    entropy = -torch.where(probs > 0, probs * probs.log(), torch.zeros(())).sum(-1)
    entropy.sum().backward()
