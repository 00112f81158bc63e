# reference: same weights as Adam built with the numbers typed in
import ast
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
# --8<-- [start:convert]
# convert where the config is read: '1e-3' and '(0.9, 0.999)' arrive as strings
lr, betas = float(config["lr"]), tuple(float(b) for b in ast.literal_eval(str(config["betas"])))


def train(lr, betas):
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.Adam(model.parameters(), lr=lr, betas=betas)
    x, y = torch.randn(8, 4), torch.randn(8, 2)
    for _ in range(3):
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    return torch.cat([model.weight.flatten(), model.bias])


# The reference: the same model and steps, Adam given the numbers as literals.
same = torch.equal(train(lr, betas), train(1e-3, (0.9, 0.999)))
print("same weights as Adam built with the numbers typed in:", same)
# --8<-- [end:convert]
