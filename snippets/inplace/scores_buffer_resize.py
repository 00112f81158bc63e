# raises: RuntimeError
# fixed-by: inplace/scores_buffer_cat
# cause: scores gathered into a buffer grown with resize_() and filled with copy_(), as torchnet's APMeter does: the first copy_ of outputs that require grad makes the buffer require grad, and the next resize_() is refused
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(5, 1)
items = torch.randn(12, 5)

scores = torch.empty(0, 1)
for chunk in items.split(4):
    out = model(chunk)
    offset = scores.size(0)
    print("rows", offset, "| buffer requires grad:", scores.requires_grad)
    scores.resize_(offset + out.size(0), out.size(1))  # grow the buffer in place
    scores[offset:].copy_(out)

loss = -torch.log_softmax(scores.squeeze(1), dim=0)[0]  # item 0 is the relevant one
loss.backward()
