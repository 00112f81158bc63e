# reference: same weights as Adam built with the numbers typed in
import ast
import copy
import re

import torch

# the training config, as the YAML file holds it
CONFIG = """
lr: 1e-3
betas: (0.9, 0.999)
weight_decay: 0.01
"""
# YAML 1.1's float, as PyYAML's safe_load resolves a plain value: digits with a dot, and an
# exponent only with its sign (its other forms, .5 and .inf, are left out here)
YAML_FLOAT = re.compile(r"[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?")


def load_config(text):
    config = {}
    for line in text.strip().splitlines():
        key, value = (part.strip() for part in line.split(":", 1))
        config[key] = float(value.replace("_", "")) if YAML_FLOAT.fullmatch(value) else value
    return config


def optimizer_settings(config):
    # convert where the config is read: '1e-3' and '(0.9, 0.999)' arrive as strings
    betas = config["betas"]
    if isinstance(betas, str):
        betas = ast.literal_eval(betas)
    return {"lr": float(config["lr"]), "betas": tuple(float(b) for b in betas),
            "weight_decay": float(config["weight_decay"])}


settings = optimizer_settings(load_config(CONFIG))
print(settings)

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
typed_in = copy.deepcopy(model)
x, y = torch.randn(8, 4), torch.randn(8, 2)
opt = torch.optim.Adam(model.parameters(), **settings)

# The reference: the same model and steps, Adam given the numbers as literals.
ref_opt = torch.optim.Adam(typed_in.parameters(), lr=1e-3, betas=(0.9, 0.999), weight_decay=0.01)
for net, optimizer in ((model, opt), (typed_in, ref_opt)):
    for _ in range(3):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
same = all(torch.equal(a, b) for a, b in zip(model.parameters(), typed_in.parameters(), strict=True))
print("same weights as Adam built with the numbers typed in:", same)
