import torch

torch.manual_seed(0)
target = torch.sin(torch.linspace(0, 12.0, 64))
pred = torch.zeros(64, requires_grad=True)
opt = torch.optim.SGD([pred], lr=0.01)

for step in range(3):
    diff = torch.fft.rfft(pred) - torch.fft.rfft(target)
    loss = diff.abs().pow(2).mean()  # |z|^2 is real: a loss autograd can start from
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.3f} ({loss.dtype})")
