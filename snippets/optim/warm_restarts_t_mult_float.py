# raises: ValueError
# fixed-by: optim/warm_restarts_t_mult_int
# cause: CosineAnnealingWarmRestarts is given a T_mult that is not a whole number of at least 1: a float read from the command line or a config file (2.0 for 2), or a fraction meant to shorten the cycles or to let them grow more slowly
import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--t0", type=int, default=10)
parser.add_argument("--t-mult", type=float, default=1)  # parsed as a float: 2 becomes 2.0
args = parser.parse_args(["--t0", "2", "--t-mult", "2"])  # as run with: train.py --t0 2 --t-mult 2

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=args.t0, T_mult=args.t_mult)
