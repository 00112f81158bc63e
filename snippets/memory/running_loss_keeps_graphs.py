import weakref

import torch
from torch import nn


def graph_nodes(*tensors):
    """Backward nodes reachable from these tensors: the graphs they keep alive."""
    seen, todo = set(), [t.grad_fn for t in tensors]
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
model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(10)]
saved = SavedActivations(model.parameters())

with saved:
    loss_history = []  # for a loss curve at the end
    for epoch in range(3):
        running_loss = 0.0
        for x, y in batches:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running_loss += loss  # a tensor: the sum is linked to every graph of the epoch
            loss_history.append(loss)  # each loss keeps its own graph
        print(
            f"epoch {epoch}: mean loss {running_loss / len(batches):.4f} | graph nodes kept by "
            f"running_loss {graph_nodes(running_loss)}, "
            f"by loss_history {graph_nodes(*loss_history)} | "
            f"saved activations held {saved.kib():.1f} KiB"
        )
