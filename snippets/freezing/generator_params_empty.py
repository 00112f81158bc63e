# raises: ValueError
# fixed-by: freezing/optimizer_trainable_only
# cause: the trainable parameters kept as a generator, used up by a count before the optimizer sees them
import torch

torch.manual_seed(0)
backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 3)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)

backbone.requires_grad_(False)
trainable = (p for p in model.parameters() if p.requires_grad)  # a generator: one pass only
total = sum(p.numel() for p in model.parameters())
print("trainable values:", sum(p.numel() for p in trainable), "of", total)
opt = torch.optim.AdamW(trainable, lr=0.01, weight_decay=0.1)
