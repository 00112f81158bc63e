# error-index: no
import os
import subprocess
import sys

# A cell, as a notebook or an IPython session runs it, after the extension was loaded
cell = """\
%load_ext autograd_fieldguide
import torch
from torch import nn
model = nn.Linear(4, 2)
with torch.no_grad():
    loss = model(torch.randn(8, 4)).pow(2).mean()
loss.backward()
"""
# IPython in a terminal, with the traceback's last line only (the rest is PyTorch's own frames)
run = subprocess.run([sys.executable, "-m", "IPython", "--quick", "--colors=nocolor",
                      "--InteractiveShell.xmode=Minimal", "--HistoryManager.hist_file=:memory:", "-c", cell],
                     capture_output=True, text=True, env={**os.environ, "AUTOGRAD_FIELDGUIDE_LANG": "en"})
print(run.stdout, end="")
