# timeout: 120
# error-index: no
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# A script that turns the diagnosis on for every error that escapes it, wherever it is started,
# saved in a project folder
project = Path(tempfile.mkdtemp())
(project / "finetune.py").write_text(
    "import autograd_fieldguide\n"
    "import torch\n"
    "from torch import nn\n"
    "\n"
    "autograd_fieldguide.install()  # after the traceback Python prints, the diagnosis\n"
    "model = nn.Linear(4, 2)\n"
    "head = model.weight.to(torch.float64)\n"
    "opt = torch.optim.SGD([head], lr=0.1)\n"
)
run = subprocess.run([sys.executable, "finetune.py"], capture_output=True, text=True, cwd=project,
                     env={**os.environ, "AUTOGRAD_FIELDGUIDE_LANG": "en", "NO_COLOR": "1"})
print(run.stderr, end="")
print("exit status:", run.returncode)
