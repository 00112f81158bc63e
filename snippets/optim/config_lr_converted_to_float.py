# reference: same weights as Adam built with the numbers typed in
import ast
import copy
import re

import torch

# the training config, as the YAML file holds it
CONFIG = """
lr: 1e-3
betas: (0.9, 0.999)
"""
# YAML 1.1's float, as PyYAML reads a plain value: a dot, and an exponent only with its sign
YAML_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+][0-9]+)?")
config = {}
for line in CONFIG.strip().splitlines():
    key, value = (part.strip() for part in line.split(":", 1))
    config[key] = float(value) if YAML_FLOAT.fullmatch(value) else value
# convert where the config is read: '1e-3' and '(0.9, 0.999)' arrive as strings
betas = ast.literal_eval(config["betas"]) if isinstance(config["betas"], str) else config["betas"]
lr, betas = float(config["lr"]), tuple(float(b) for b in betas)
print("lr:", lr, "betas:", betas)

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
typed_in = copy.deepcopy(model)
x, y = torch.randn(8, 4), torch.randn(8, 2)
# The reference: the same model and steps, Adam given the numbers as literals.
for net, opt in ((model, torch.optim.Adam(model.parameters(), lr=lr, betas=betas)),
                 (typed_in, torch.optim.Adam(typed_in.parameters(), lr=1e-3, betas=(0.9, 0.999)))):
    for _ in range(3):
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()
same = all(torch.equal(a, b) for a, b in zip(model.parameters(), typed_in.parameters(), strict=True))
print("same weights as Adam built with the numbers typed in:", same)
