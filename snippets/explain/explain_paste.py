# error-index: no
import os
import subprocess
import sys
import traceback

import torch

w = torch.randn(3, requires_grad=True)
try:
    w.add_(1.0)  # a weight changed in place, outside torch.no_grad()
except RuntimeError:
    logged = traceback.format_exc()  # the traceback, as a log file or a forum post keeps it

# In a terminal: python -m autograd_fieldguide explain < error.txt
run = subprocess.run([sys.executable, "-m", "autograd_fieldguide", "explain"], input=logged,
                     capture_output=True, text=True,
                     env={**os.environ, "AUTOGRAD_FIELDGUIDE_LANG": "en", "NO_COLOR": "1"})
print(run.stdout, end="")
