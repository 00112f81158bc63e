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
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h = torch.zeros(1, 1, 8)

for i in range(4):
    x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
    out, h = rnn(x, h)  # no detach
    loss = ((head(out) - y) ** 2).mean()
    loss.backward(retain_graph=True)  # no error any more...
    print(f"minibatch {i}: loss {loss.item():.4f}, graph nodes {count_nodes(loss)}")
