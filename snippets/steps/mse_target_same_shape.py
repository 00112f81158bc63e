# reference: same gradients as the closed form
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)
y = torch.tensor([1.0, 2.0, 3.0, 4.0])  # one target per sample: shape [4]


def loss_of(pred):
    return nn.functional.mse_loss(pred, y)


pred = model(x).squeeze(1)  # [4, 1] -> [4], the target's shape
loss = loss_of(pred)
print("pred", tuple(pred.shape), "target", tuple(y.shape), "compared as", tuple((pred - y).shape))
print("loss", round(loss.item(), 4))
loss.backward()
print("weight grad", [round(g, 4) for g in model.weight.grad[0].tolist()])
# The reference: the gradient of mean((pred_i - y_i)**2) written out, 2/N sum (pred_i - y_i) x_i.
r = (pred - y).detach()
same = torch.allclose(model.weight.grad[0], 2 / 4 * r @ x) and torch.allclose(model.bias.grad, 2 / 4 * r.sum(0, keepdim=True))
print("same gradients as the closed form:", same)

for step in range(200):
    optimizer.zero_grad()
    loss_of(model(x).squeeze(1)).backward()
    optimizer.step()
print("trained predictions", [round(p, 2) for p in model(x).flatten().tolist()], "targets", y.tolist())
print("same loss with y.unsqueeze(1) instead:", torch.allclose(nn.functional.mse_loss(model(x), y.unsqueeze(1)), loss_of(model(x).squeeze(1))))
