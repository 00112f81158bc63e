# raises: RuntimeError
# fixed-by: rnn/lstm_detach_both
# cause: an LSTM's (h, c) state with only h detached: c still leads into the previous minibatch's graph
import torch
from torch import nn

torch.manual_seed(0)
lstm, head = nn.LSTM(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*lstm.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h, c = torch.zeros(1, 1, 8), torch.zeros(1, 1, 8)  # an LSTM carries two tensors

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    h = h.detach()  # c is forgotten: it still leads into the previous graph
    print(f"minibatch {i}: h.is_leaf {h.is_leaf}, c.is_leaf {c.is_leaf}")
    out, (h, c) = lstm(x, (h, c))
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
