# raises: TypeError
# fixed-by: optim/config_lr_converted_to_float
# cause: a hyperparameter in a YAML config reaches the optimizer as a string: `lr: 1e-3` (PyYAML reads YAML 1.1, where exponent form is a float only with a dot and a signed exponent) or `betas: (0.9, 0.999)` (parentheses make a string, not a list); the optimizer's range check compares a float with it
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
print(config)

model = torch.nn.Linear(4, 2)
opt = torch.optim.Adam(model.parameters(), lr=config["lr"], betas=config["betas"])
