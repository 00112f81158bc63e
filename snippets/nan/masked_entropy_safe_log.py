# reference: same gradient as the valid entries alone
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

# The reference: each row's entropy computed from its valid logits only, nothing masked;
# a masked logit changes no entropy, so its gradient is 0.
expected = torch.zeros_like(logits)
for row in range(2):
    kept = logits[row, valid[row]].detach().requires_grad_()
    p = kept.softmax(-1)
    expected[row, valid[row]] = torch.autograd.grad(-(p * p.log()).sum(), kept)[0]
print("same gradient as the valid entries alone:", torch.allclose(logits.grad, expected))
