# reference: same gradient as the closed form
import torch

predicted = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
reference = torch.tensor([3.0, 4.0, 5.0])

# Compare every pair instead of sorting with unique(): the masks select elements by
# indexing, which is differentiable, so each selected value keeps its path to `predicted`.
in_reference = (predicted[:, None] == reference[None, :]).any(dim=1)
in_predicted = (reference[:, None] == predicted[None, :]).any(dim=1)
not_shared = torch.cat([predicted[~in_reference], reference[~in_predicted]])
print("not shared:", not_shared.detach())
loss = not_shared.pow(2).sum()
loss.backward()
print("predicted.grad:", predicted.grad)

# The reference, in plain Python: 2 * value for an element not in `reference`, 0 for one that is.
shared = set(reference.tolist())
expected = torch.tensor([0.0 if v in shared else 2 * v for v in predicted.tolist()])
print("same gradient as the closed form:", torch.equal(predicted.grad, expected))
