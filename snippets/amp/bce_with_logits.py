import torch
from torch import nn

logits = torch.tensor([[-2.0, 0.5], [3.0, -0.25]])  # what the last layer gives, before any sigmoid
target = torch.tensor([[0.0, 1.0], [1.0, 0.0]])

bce_on_probabilities = nn.BCELoss()(torch.sigmoid(logits), target)  # sigmoid in the model, BCELoss after it
bce_on_logits = nn.BCEWithLogitsLoss()(logits, target)  # the sigmoid moved into the loss
print(f"BCELoss(sigmoid(logits)): {bce_on_probabilities.item():.4f}")
print(f"BCEWithLogitsLoss(logits): {bce_on_logits.item():.4f}")
print("same loss:", torch.allclose(bce_on_probabilities, bce_on_logits))

# Under autocast the logits come out in a low-precision dtype; the logits loss accepts them.
model = nn.Linear(3, 2)
with torch.autocast("cpu", dtype=torch.bfloat16):
    out = model(torch.ones(2, 3))
    loss = nn.BCEWithLogitsLoss()(out, target)
print("logits dtype:", out.dtype, "| loss is finite:", bool(loss.isfinite()))
