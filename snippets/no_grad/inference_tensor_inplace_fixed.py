# reference: same gradients as the layers written as functions
import torch
import torch.nn.functional as F


def load_and_check():
    model = torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Linear(8, 3)
    )
    model.eval()
    with torch.inference_mode():  # only the check runs in inference mode
        print("check passed:", tuple(model(torch.ones(1, 4)).shape))
    return model


torch.manual_seed(0)
model = load_and_check()
print("inference tensors: weight", model[0].weight.is_inference(), end=" | ")
print("running_mean", model[1].running_mean.is_inference())

model.train()
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
loss = F.cross_entropy(model(x), y)
loss.backward()
print(f"loss {loss.item():.3f} | first weight.grad norm {model[0].weight.grad.norm():.3f}")

# The reference: the same layers as functions of the weights, BatchNorm with the batch's
# statistics and no buffers at all; plain autograd, for every parameter.
lin0, bn, lin1 = model
h = F.batch_norm(F.linear(x, lin0.weight, lin0.bias), None, None, bn.weight, bn.bias, training=True)
expected = torch.autograd.grad(F.cross_entropy(F.linear(h, lin1.weight, lin1.bias), y), list(model.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as the layers written as functions:", same)
