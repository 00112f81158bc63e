import torch
from torch import nn


def count_nodes(loss):  # backward nodes reachable from the loss
    seen, todo = set(), [loss.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo += [child for child, _ in node.next_functions]
    return len(seen)


torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
opt = torch.optim.SGD([*rnn.parameters(), *head.parameters()], lr=0.1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h = torch.zeros(1, 1, 8)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    h = h.detach()
    print(f"minibatch {i}: h.is_leaf {h.is_leaf}", end=", ")
    out, h = rnn(x, h)
    loss = ((head(out) - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"graph nodes {count_nodes(loss)}, weight_hh version {rnn.weight_hh_l0._version}")
