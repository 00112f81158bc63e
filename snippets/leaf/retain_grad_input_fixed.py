import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
x = torch.randn(2, 4)

x.requires_grad_()  # x is a leaf: asking for its gradient is enough, backward() stores it
score = model(x)[:, 0].sum()
score.backward()
print("saliency:", x.grad.abs())
