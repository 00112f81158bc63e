# reference: same gradients as casting by hand
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 16, device=device), torch.randint(0, 4, (8,), device=device)

# autocast follows the device the model is on, with a dtype that device computes fast
amp_dtype = torch.float16 if device.type == "cuda" else torch.bfloat16
with torch.autocast(device.type, dtype=amp_dtype):
    logits = model(x)
    loss = nn.functional.cross_entropy(logits, target)
loss.backward()
optimizer.step()
print("device:", device.type, "| logits dtype:", logits.dtype)

# The reference: the model made again from the seed (its weights before the step) and the
# casts autocast makes written by hand: the Linear layers in amp_dtype, the loss in float32.
torch.manual_seed(0)
fresh = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
w1, b1, w2, b2 = [p.to(amp_dtype) for p in fresh.parameters()]
hidden = nn.functional.relu(nn.functional.linear(x.to(amp_dtype), w1, b1))
by_hand = nn.functional.cross_entropy(nn.functional.linear(hidden, w2, b2).float(), target)
expected = torch.autograd.grad(by_hand, list(fresh.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as casting by hand:", same)
