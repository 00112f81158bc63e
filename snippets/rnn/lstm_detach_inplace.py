import torch
from torch import nn

torch.manual_seed(0)
lstm, head = nn.LSTM(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*lstm.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
state = (torch.zeros(1, 1, 8), torch.zeros(1, 1, 8))  # (h, c)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    for s in state:
        s.detach_()  # in place: s itself loses its grad_fn (allowed because s is not a view)
    out, state = lstm(x, state)
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"minibatch {i}: loss {loss.item():.4f}")
