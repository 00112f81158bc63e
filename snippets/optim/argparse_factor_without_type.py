# raises: TypeError
# fixed-by: optim/argparse_factor_type_float
# cause: a scheduler's factor from the command line reaches ReduceLROnPlateau as a string: an argparse option declared without type=float (a float default hides it until the option is given); the scheduler's check that the factor is below 1 compares it with a float
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--lr-factor", default=0.1)  # no type=: a value given on the command line stays a string
args = parser.parse_args(["--lr-factor", "0.5"])  # as `python train.py --lr-factor 0.5` passes it
print("lr_factor:", repr(args.lr_factor))

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=args.lr_factor, patience=1)
