# raises: RuntimeError
# fixed-by: rnn/detach_each_minibatch
# cause: `h.detach()` written as a statement of its own, so its result is thrown away
import torch
from torch import nn

torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*rnn.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h = torch.zeros(1, 1, 8)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    h.detach()  # builds a detached tensor and drops it: h itself keeps its grad_fn
    print(f"minibatch {i}: h.is_leaf {h.is_leaf}")
    out, h = rnn(x, h)
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
