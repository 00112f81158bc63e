# reference: same weights as the LSTM written out and trained by hand
import torch
from torch import nn

torch.manual_seed(0)
lstm, head = nn.LSTM(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*lstm.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
state = (torch.zeros(1, 1, 8), torch.zeros(1, 1, 8))  # (h, c)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    state = tuple(s.detach() for s in state)  # a tuple has no .detach(): do each element
    out, state = lstm(x, state)
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"minibatch {i}: loss {loss.item():.4f}")


# The reference: the same training with the LSTM written out and SGD done by hand, each minibatch's
# gradient from a fresh forward that starts at the state's values, computed without recording.
torch.manual_seed(0)
weights = [p.detach().requires_grad_() for m in (nn.LSTM(1, 8), nn.Linear(8, 1)) for p in m.parameters()]


def run(x, h, c):
    w_ih, w_hh, b_ih, b_hh, w, b = weights
    outs = []
    for t in range(x.shape[1]):
        i, f, g, o = (x[:, t] @ w_ih.T + b_ih + h @ w_hh.T + b_hh).chunk(4, dim=1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        outs.append(h @ w.T + b)
    return torch.stack(outs, dim=1), h, c


h, c = torch.zeros(1, 8), torch.zeros(1, 8)
for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    grads = torch.autograd.grad(((run(x, h, c)[0] - y) ** 2).mean(), weights)
    with torch.no_grad():
        h, c = run(x, h, c)[1:]
        for w, g in zip(weights, grads):
            w -= 0.1 * g
trained = [*lstm.parameters(), *head.parameters()]
same = all(torch.allclose(p, w, atol=1e-6) for p, w in zip(trained, weights))  # atol: rounding
print("same weights as the LSTM written out and trained by hand:", same)
