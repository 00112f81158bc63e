# reference: same weights as SGD built with the number typed in
import argparse
import copy

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)  # argparse converts what the command line gives
args = parser.parse_args(["--lr", "0.05"])  # as `python train.py --lr 0.05` passes it
print("lr:", repr(args.lr))

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
typed_in = copy.deepcopy(model)
x, y = torch.randn(8, 4), torch.randn(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)

# The reference: the same model and steps, SGD given the number as a literal.
ref_opt = torch.optim.SGD(typed_in.parameters(), lr=0.05, momentum=0.9)
for net, optimizer in ((model, opt), (typed_in, ref_opt)):
    for _ in range(3):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
same = all(torch.equal(a, b) for a, b in zip(model.parameters(), typed_in.parameters(), strict=True))
print("same weights as SGD built with the number typed in:", same)
