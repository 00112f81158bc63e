# raises: ValueError
# fixed-by: optim/onecycle_loader_checked
# cause: OneCycleLR's total_steps is the loader's length times the epochs, and the loader is empty because the data path or split in the config matched no samples, so the count is 0
import torch
from torch import nn
from torch.utils.data import DataLoader

torch.manual_seed(0)
# what the data folder holds: 40 samples, each tagged with its split
index = [{"split": "train" if i < 32 else "val", "x": torch.randn(4), "y": torch.randn(1)} for i in range(40)]
config = {"split": "training", "epochs": 3, "batch_size": 8}  # the folder calls it "train"

samples = [s for s in index if s["split"] == config["split"]]
loader = DataLoader(samples, batch_size=config["batch_size"])
print("samples:", len(samples), "| batches per epoch:", len(loader))
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=0.1, total_steps=config["epochs"] * len(loader)
)
