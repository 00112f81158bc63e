# raises: TypeError
# fixed-by: optim/config_lr_converted_to_float
# cause: a hyperparameter in a YAML config reaches the optimizer as a string: `lr: 1e-3` (PyYAML reads YAML 1.1, where exponent form is a float only with a dot and a signed exponent) or `betas: (0.9, 0.999)` (parentheses make a string, not a list); the optimizer's range check compares a float with it
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


config = load_config(CONFIG)
print({key: type(value).__name__ for key, value in config.items()})

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
opt = torch.optim.Adam(model.parameters(), lr=config["lr"], betas=config["betas"],
                       weight_decay=config["weight_decay"])
