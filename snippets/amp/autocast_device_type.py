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
