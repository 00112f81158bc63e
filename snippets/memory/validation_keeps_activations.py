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
model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 10))  # trained elsewhere
val_batches = [(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(4)]
saved = SavedActivations(model.parameters())

# --8<-- [start:loop]
with saved:
    model.eval()  # changes dropout and batch norm, not autograd
    val_loss, val_logits = 0.0, []
    for i, (x, y) in enumerate(val_batches):
        logits = model(x)  # recorded: every op saves what its backward would need
        val_loss += nn.functional.cross_entropy(logits, y)
        val_logits.append(logits)  # kept for the accuracy below
        print(
            f"batch {i}: graph nodes kept {graph_nodes(val_loss, *val_logits)}, "
            f"saved activations held {saved.kib():.1f} KiB"
        )
    predictions = torch.cat(val_logits).argmax(1)
    accuracy = (predictions == torch.cat([y for _, y in val_batches])).float().mean()
    print(f"val loss {val_loss / len(val_batches):.4f}, accuracy {accuracy:.3f}")
# --8<-- [end:loop]
