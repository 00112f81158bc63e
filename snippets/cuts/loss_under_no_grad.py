# raises: RuntimeError
# fixed-by: cuts/loss_under_no_grad_fixed
# cause: the forward pass and the loss inside the no_grad() block meant for a metric
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

opt.zero_grad()
with torch.no_grad():  # meant for the accuracy, but it covers the loss too
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    accuracy = (logits.argmax(dim=1) == y).float().mean()
print(f"loss {loss:.3f} | accuracy {accuracy:.2f} | loss.grad_fn {loss.grad_fn}")
loss.backward()
opt.step()
