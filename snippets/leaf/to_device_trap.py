import torch


def make_weight(device):
    return torch.zeros(3, requires_grad=True).to(device)  # moved after requires_grad


for device in ["cpu", "meta"]:  # "meta" stands in for a GPU: a real move to another device
    w = make_weight(device)
    node = w.grad_fn.name() if w.grad_fn else None
    print(f"{device:>4}: is_leaf {w.is_leaf} | grad_fn {node}")
