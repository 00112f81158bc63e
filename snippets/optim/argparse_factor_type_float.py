# reference: same learning rates as ReduceLROnPlateau built with the number typed in
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--lr-factor", type=float, default=0.1)  # argparse converts what the command line gives
args = parser.parse_args(["--lr-factor", "0.5"])  # as `python train.py --lr-factor 0.5` passes it
print("lr_factor:", repr(args.lr_factor))


def rates(factor):
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=factor, patience=1)
    seen = []
    for val_loss in [1.0, 0.9, 0.9, 0.9, 0.9, 0.9]:  # no better after the second epoch
        scheduler.step(val_loss)
        seen.append(opt.param_groups[0]["lr"])
    return seen


print("learning rates:", rates(args.lr_factor))
# The reference: the same epochs, the scheduler given the factor as a literal.
same = rates(args.lr_factor) == rates(0.5)
print("same learning rates as ReduceLROnPlateau built with the number typed in:", same)
