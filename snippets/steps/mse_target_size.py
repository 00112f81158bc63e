# fixed-by: steps/mse_target_same_shape
# cause: a regression model outputs [N, 1] and the targets from the dataset are [N], passed as they are to mse_loss
# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)
y = torch.tensor([1.0, 2.0, 3.0, 4.0])  # one target per sample: shape [4]


def loss_of(pred):
    return nn.functional.mse_loss(pred, y)


pred = model(x)  # shape [4, 1]
loss = loss_of(pred)
print("pred", tuple(pred.shape), "target", tuple(y.shape), "compared as", tuple((pred - y).shape))
print("loss", round(loss.item(), 4))
loss.backward()
print("weight grad", [round(g, 4) for g in model.weight.grad[0].tolist()])

for step in range(200):
    optimizer.zero_grad()
    loss_of(model(x)).backward()
    optimizer.step()
print("trained predictions", [round(p, 2) for p in model(x).flatten().tolist()], "targets", y.tolist())
