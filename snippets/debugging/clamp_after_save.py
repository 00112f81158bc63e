# raises: RuntimeError
# fixed-by: debugging/clamp_after_save_fixed
# cause: a helper clamps in place a tensor that another helper's operation saved for backward
# graph: loss
import torch


def features(x, w):
    return (x @ w).relu_()  # in place on a fresh result: allowed


def energy(h):
    return h.pow(2).sum()  # PowBackward0 saves h


def clipped_total(h):
    return h.clamp_(max=1.0).sum()  # in place: edits h after energy() saved it


x = torch.ones(2, 3)
w = torch.full((3, 3), 0.5, requires_grad=True)
h = features(x, w)
loss = energy(h) + clipped_total(h)
loss.backward()
