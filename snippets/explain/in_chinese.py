# error-index: no
import os
import subprocess
import sys
import traceback

import torch
from torch import nn

model = nn.Linear(4, 2)
with torch.no_grad():  # an evaluation block, and the loss computed inside it
    loss = model(torch.randn(8, 4)).pow(2).mean()
try:
    loss.backward()
except RuntimeError:
    logged = traceback.format_exc()

# LANG=zh_CN.UTF-8 (or AUTOGRAD_FIELDGUIDE_LANG=zh) python -m autograd_fieldguide explain < error.txt
run = subprocess.run([sys.executable, "-m", "autograd_fieldguide", "explain"], input=logged,
                     capture_output=True, text=True,
                     env={**os.environ, "AUTOGRAD_FIELDGUIDE_LANG": "zh", "NO_COLOR": "1"})
print(run.stdout, end="")
