# reference: same gradient as the closed form
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
x = torch.randn(2, 4)

x.requires_grad_()  # x is a leaf: asking for its gradient is enough, backward() stores it
score = model(x)[:, 0].sum()
score.backward()
print("saliency:", x.grad.abs())

# The reference: for each row, W2[0] masked by where the ReLU let through, times W1, by hand.
with torch.no_grad():
    active = (model[0](x) > 0).float()
    expected = (active * model[2].weight[0]) @ model[0].weight
print("same gradient as the closed form:", torch.allclose(x.grad, expected))
