# reference: learning rates as SGDR's formula gives them
import argparse
import math

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--t0", type=int, default=10)
parser.add_argument("--t-mult", type=int, default=1)  # the factor each cycle's length is multiplied by: a whole number
args = parser.parse_args(["--t0", "2", "--t-mult", "2"])  # as run with: train.py --t0 2 --t-mult 2

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=args.t0, T_mult=args.t_mult)

used = []
for epoch in range(14):
    used.append(optimizer.param_groups[0]["lr"])  # what this epoch's optimizer steps read
    optimizer.step()  # the epoch's training, reduced to its optimizer step
    scheduler.step()
print("restarts at epochs:", [e for e in range(1, 14) if used[e] > used[e - 1]])

# The reference: SGDR's schedule written out, cycles of 2, 4 and 8 epochs, each a half
# cosine from 0.1 down towards 0.
planned = []
for length in (2, 4, 8):
    planned += [0.05 * (1 + math.cos(math.pi * t / length)) for t in range(length)]
same = all(abs(u - p) < 1e-9 for u, p in zip(used, planned[:14]))
print("learning rates as SGDR's formula gives them:", same)
