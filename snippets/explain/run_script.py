# timeout: 120
# error-index: no
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# A training script with a hand-written update step, saved as train.py in a project folder
project = Path(tempfile.mkdtemp())
(project / "train.py").write_text(
    "import torch\n"
    "\n"
    "w = torch.randn(3, requires_grad=True)\n"
    "loss = (w * 2.0).sum()\n"
    "loss.backward()\n"
    "w -= 0.1 * w.grad\n"
)

# In a terminal: python -m autograd_fieldguide train.py
# (English words, no bold: as on a reader's terminal with LANG=C.UTF-8 and NO_COLOR set)
run = subprocess.run([sys.executable, "-m", "autograd_fieldguide", "train.py"], cwd=project,
                     capture_output=True, text=True,
                     env={**os.environ, "AUTOGRAD_FIELDGUIDE_LANG": "en", "NO_COLOR": "1"})
print(run.stderr, end="")
print("exit status:", run.returncode)
