import torch
from torch import nn

torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*rnn.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)

for epoch in range(40):
    h, total = torch.zeros(1, 1, 8), 0.0
    for i in range(4):
        x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
        h = h.detach()  # same values, but no link to the previous minibatch's graph
        out, h = rnn(x, h)
        loss = ((head(out) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    if epoch % 10 == 0 or epoch == 39:
        print(f"epoch {epoch:2d}: mean loss {total / 4:.4f}")
