import torch

model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Dropout(0.5))
model.eval()  # evaluation *behaviour*; autograd is untouched

out = model(torch.ones(1, 3))
print("model.training:", model.training, "| dropout.training:", model[1].training)
print("out.requires_grad:", out.requires_grad, "| grad_fn:", out.grad_fn.name())

out.sum().backward()  # gradients still flow into the weights
print("weight.grad:", model[0].weight.grad)
