import torch
from torch import nn


def count_nodes(t):  # backward nodes reachable from t
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo += [child for child, _ in node.next_functions]
    return len(seen)


torch.manual_seed(0)
rnn = nn.RNN(1, 8, batch_first=True)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h_kept = h_cut = torch.zeros(1, 1, 8)

for i in range(4):  # forward passes only: no backward, so no error to warn you
    x = seq[:, 6 * i : 6 * i + 6]
    _, h_kept = rnn(x, h_kept)
    _, h_cut = rnn(x, h_cut.detach())
    print(f"minibatch {i}: nodes behind h: kept {count_nodes(h_kept)}, detached {count_nodes(h_cut)}")
