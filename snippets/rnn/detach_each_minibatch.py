# reference: same weights as the RNN written out and trained by hand
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


# The reference: the same training with the RNN written out and SGD done by hand, each minibatch's
# gradient from a fresh forward that starts at the state's values, computed without recording.
torch.manual_seed(0)
weights = [p.detach().requires_grad_() for m in (nn.RNN(1, 8), nn.Linear(8, 1)) for p in m.parameters()]


def run(x, h):
    w_ih, w_hh, b_ih, b_hh, w, b = weights
    outs = []
    for t in range(x.shape[1]):
        h = torch.tanh(x[:, t] @ w_ih.T + b_ih + h @ w_hh.T + b_hh)
        outs.append(h @ w.T + b)
    return torch.stack(outs, dim=1), h


for epoch in range(40):
    h = torch.zeros(1, 8)
    for i in range(4):
        x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
        grads = torch.autograd.grad(((run(x, h)[0] - y) ** 2).mean(), weights)
        with torch.no_grad():
            h = run(x, h)[1]
            for w, g in zip(weights, grads):
                w -= 0.1 * g
trained = [*rnn.parameters(), *head.parameters()]
same = all(torch.allclose(p, w, atol=1e-6) for p, w in zip(trained, weights))  # atol: 160 steps' rounding
print("same weights as the RNN written out and trained by hand:", same)
