# raises: RuntimeError
# fixed-by: rnn/detach_each_minibatch
# cause: an RNN's hidden state carried into the next minibatch without detach()
import torch
from torch import nn

torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*rnn.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)  # one long toy sequence
h = torch.zeros(1, 1, 8)  # initial hidden state

for i in range(4):  # 4 minibatches of 6 time steps, predict the next value
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    print(f"minibatch {i}: h.is_leaf {h.is_leaf}")
    out, h = rnn(x, h)  # h now carries this minibatch's graph into the next one
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"minibatch {i}: loss {loss.item():.4f}")
