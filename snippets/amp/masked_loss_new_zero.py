# raises: AssertionError
# fixed-by: amp/masked_loss_from_prediction
# cause: a masked loss returns a new zero tensor for a batch with nothing to score, so no gradient reaches the model
# min-torch: 2.3
import torch
from torch import nn


def masked_mse(pred, target, mask):
    if not mask.any():
        return torch.tensor(0.0, requires_grad=True)  # nothing labelled in this batch
    return ((pred - target)[mask] ** 2).mean()


torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10)  # a first scale at which step 0's float16 gradients stay finite
x, target = torch.randn(4, 8), torch.randn(4, 1)
masks = [torch.tensor([[True], [False], [True], [False]]), torch.zeros(4, 1, dtype=torch.bool)]

for step, mask in enumerate(masks):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x)
    loss = masked_mse(pred.float(), target, mask)
    scaler.scale(loss).backward()
    print(f"step {step}: labelled {int(mask.sum())}, weight.grad is None: {model.weight.grad is None}")
    scaler.step(optimizer)
    scaler.update()
