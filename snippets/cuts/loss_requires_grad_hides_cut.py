import torch


def dice(pred, target):  # from the evaluation code, where it gets NumPy arrays
    overlap = (pred * target).sum()
    return 2 * overlap / (pred.sum() + target.sum())


torch.manual_seed(0)
model = torch.nn.Conv2d(1, 1, 3, padding=1)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
image = torch.randn(1, 1, 8, 8)
mask = (torch.randn(1, 1, 8, 8) > 0).float()

for step in range(3):
    opt.zero_grad()
    probs = torch.sigmoid(model(image))
    score = dice(probs.detach().numpy(), mask.numpy())
    loss = torch.tensor(1 - score, requires_grad=True)  # the "fix" that silences the error
    loss.backward()  # runs: loss is a leaf of its own, connected to nothing
    opt.step()
    print(f"step {step}: dice {score:.4f} | model.weight.grad {model.weight.grad}")
