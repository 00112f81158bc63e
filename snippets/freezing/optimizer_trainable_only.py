# graph: loss
# reference: same weights as AdamW given the head by name
import copy

import torch
import torch.nn.functional as F

torch.manual_seed(0)
backbone, head = torch.nn.Linear(4, 8), torch.nn.Linear(8, 3)
model = torch.nn.Sequential(backbone, torch.nn.ReLU(), head)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
reference = copy.deepcopy(model)  # the same weights, for the reference below

backbone.requires_grad_(False)
trainable = [p for p in model.parameters() if p.requires_grad]  # a list: it can be read twice
total = sum(p.numel() for p in model.parameters())
print("trainable values:", sum(p.numel() for p in trainable), "of", total)
opt = torch.optim.AdamW(trainable, lr=0.01, weight_decay=0.1)  # the frozen part is not handed over

frozen = backbone.weight.detach().clone()
for step in range(3):
    opt.zero_grad(set_to_none=False)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
print(f"backbone.weight moved by {(backbone.weight - frozen).abs().max().item():.5f}")

# The reference: AdamW given the head's parameters by name, with no filter, on the same weights.
opt = torch.optim.AdamW(reference[2].parameters(), lr=0.01, weight_decay=0.1)
for step in range(3):
    opt.zero_grad(set_to_none=False)
    F.cross_entropy(reference(x), y).backward()
    opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as AdamW given the head by name:", same)
