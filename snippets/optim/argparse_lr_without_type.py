# raises: TypeError
# fixed-by: optim/argparse_lr_type_float
# cause: a learning rate from the command line reaches the optimizer as a string: an argparse option declared without type=float (a float default hides it until the option is given) or a value read from an environment variable; the optimizer's range check compares it with a float
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--lr", default=0.1)  # no type=: a value given on the command line stays a string
args = parser.parse_args(["--lr", "0.05"])  # as `python train.py --lr 0.05` passes it
print("lr:", repr(args.lr))

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
