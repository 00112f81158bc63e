# raises: RuntimeError
# fixed-by: leaf/retain_grad_input_fixed
# cause: retain_grad() called on an input batch to read its gradient (a saliency map)
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
x = torch.randn(2, 4)  # a batch of data: a leaf that does not require grad

x.retain_grad()  # meant: keep the gradient of the score with respect to x
score = model(x)[:, 0].sum()
score.backward()
print("saliency:", x.grad.abs())
