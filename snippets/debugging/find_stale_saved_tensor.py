import torch

x = torch.ones(2, 3)
w = torch.full((3, 3), 0.5, requires_grad=True)
h = (x @ w).relu_()
loss = h.pow(2).sum() + h.clamp_(max=1.0).sum()  # the bug from above, in one line


def walk(node, depth=0):
    stale = []
    for attr in dir(node):
        if attr.startswith("_saved_"):  # internal attributes: names differ between releases
            try:
                getattr(node, attr)  # unpacking checks the version, like backward does
            except RuntimeError:
                stale.append(attr)
    note = "  <- stale: " + ", ".join(stale) if stale else ""
    print("  " * depth + node.name() + note)
    for child, _ in node.next_functions:  # a node reached by two paths is printed twice
        if child is not None:
            walk(child, depth + 1)


walk(loss.grad_fn)
