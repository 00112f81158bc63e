# raises: RuntimeError
# fixed-by: rnn/detach_each_minibatch
# cause: retain_graph=True added to silence the RNN error, with an optimizer step after each minibatch
import torch
from torch import nn

torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*rnn.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h = torch.zeros(1, 1, 8)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    print(f"minibatch {i}: weight_hh version {rnn.weight_hh_l0._version}")
    out, h = rnn(x, h)  # no detach
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward(retain_graph=True)  # walks back into every earlier minibatch's graph
    opt.step()  # changes the weights in place; the old graphs saved them at an older version
