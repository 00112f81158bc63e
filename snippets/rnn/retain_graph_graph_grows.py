import weakref

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


class SavedActivations(torch.autograd.graph.saved_tensors_hooks):
    """Inside `with`, notes every tensor autograd saves for backward, except the weights
    (which exist anyway); kib() is the memory that graphs still alive hold."""

    def __init__(self, weights):
        self.weights = {p.data_ptr() for p in weights}
        self.held = weakref.WeakValueDictionary()  # an entry goes when its graph lets it go
        super().__init__(self.pack, lambda saved: saved)

    def pack(self, tensor):
        saved = tensor.detach()  # the graph keeps this (same memory) instead of tensor
        if saved.data_ptr() not in self.weights:
            self.held[id(saved)] = saved
        return saved

    def kib(self):
        sizes = {t.data_ptr(): t.numel() * t.element_size() for t in self.held.values()}
        return sum(sizes.values()) / 1024  # memory shared by several saved tensors counted once


torch.manual_seed(0)
rnn, head = nn.RNN(1, 8, batch_first=True), nn.Linear(8, 1)
seq = torch.sin(torch.arange(25.0) * 0.4).view(1, 25, 1)
h = torch.zeros(1, 1, 8)
saved = SavedActivations([*rnn.parameters(), *head.parameters()])

with saved:
    for i in range(4):
        x, y = seq[:, 6 * i : 6 * i + 6], seq[:, 6 * i + 1 : 6 * i + 7]
        out, h = rnn(x, h)  # no detach
        loss = ((head(out) - y) ** 2).mean()
        # No optimizer and no zeroing: this loop only measures the graph. (The gradients add
        # up across minibatches; a training loop would zero them and step, see below.)
        loss.backward(retain_graph=True)  # no error any more...
        print(
            f"minibatch {i}: loss {loss.item():.4f}, graph nodes {count_nodes(loss)}, "
            f"saved activations held {saved.kib():.2f} KiB"
        )
