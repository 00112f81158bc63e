# raises: RuntimeError
# fixed-by: hooks/line_search_mask_self_index_fixed
# cause: a boolean mask is assigned into while indexed with itself (searching[searching] = ...)
import torch
from torch import nn

# A backtracking line search on a batch of saliency masks: each image halves its
# step size until its loss has dropped enough, then stops searching.
torch.manual_seed(0)
model = nn.Linear(6, 3)
masks = torch.rand(4, 6, requires_grad=True)
loss = model(masks).pow(2).sum(1)  # one loss per image
(grad,) = torch.autograd.grad(loss.sum(), masks)

step = torch.full((4,), 5.0)
searching = torch.ones(4, dtype=torch.bool)
with torch.no_grad():
    for _ in range(10):
        new_loss = model(masks - step[:, None] * grad).pow(2).sum(1)
        enough = new_loss <= loss - 0.1 * step * grad.pow(2).sum(1)
        searching[searching] = ~enough[searching]  # still searching: not enough yet
        step[searching] /= 2
print("steps:", step)
