# reference: same gradients as casting by hand
import torch
from torch import nn


class Captioner(nn.Module):
    """A small image-to-text head that, like many hub models, says which device it is on."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 32)
        self.head = nn.Linear(32, 4)

    @property
    def device(self):
        return self.proj.weight.device

    def forward(self, x):
        return self.head(torch.relu(self.proj(x)))


torch.manual_seed(0)
model = Captioner()
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))
print("model.device.type:", repr(model.device.type))
# autocast takes the name of the device's type: "cpu" here, "cuda" for cuda:0 or cuda:1
with torch.autocast(device_type=model.device.type, dtype=torch.bfloat16):
    logits = model(x)
    loss = nn.functional.cross_entropy(logits, target)
loss.backward()
print("logits dtype:", logits.dtype, "| loss dtype:", loss.dtype)

# The reference: the model made again from the seed and the casts autocast makes written by
# hand: both Linear layers in bfloat16, the loss in float32.
torch.manual_seed(0)
fresh = Captioner()
w1, b1, w2, b2 = [p.to(torch.bfloat16) for p in fresh.parameters()]
hidden = torch.relu(nn.functional.linear(x.to(torch.bfloat16), w1, b1))
by_hand = nn.functional.cross_entropy(nn.functional.linear(hidden, w2, b2).float(), target)
expected = torch.autograd.grad(by_hand, list(fresh.parameters()))
same = all(p.grad is not None and torch.equal(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as casting by hand:", same)
