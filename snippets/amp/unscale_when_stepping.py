# reference: same weights as a plain loop
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
accumulate = 4
batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(8)]

for i, (x, target) in enumerate(batches):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.cross_entropy(model(x), target) / accumulate
    scaler.scale(loss).backward()
    if (i + 1) % accumulate == 0:
        # once per optimizer step, on the gradients of all its micro-batches
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        print(f"micro-batch {i}: unscale_, clip, step, update")

# The reference: the model made again from the seed, trained by a plain loop with no
# scaler and autocast's float16 casts written by hand: four micro-batches' gradients,
# clipped once, one step.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
plain_opt = torch.optim.AdamW(plain.parameters(), lr=1e-3)
for i, (x, target) in enumerate(batches):
    w1, b1, w2, b2 = [p.half() for p in plain.parameters()]
    hidden = nn.functional.relu(nn.functional.linear(x.half(), w1, b1))
    logits = nn.functional.linear(hidden, w2, b2).float()
    (nn.functional.cross_entropy(logits, target) / accumulate).backward()
    if (i + 1) % accumulate == 0:
        nn.utils.clip_grad_norm_(plain.parameters(), max_norm=1.0)
        plain_opt.step()
        plain_opt.zero_grad()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as a plain loop:", same)
