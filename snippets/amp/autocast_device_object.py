# raises: ValueError
# fixed-by: amp/autocast_device_object_type
# cause: code that keeps the model's device as a torch.device (model.device, torch.device(...)) hands that object to torch.autocast, whose device_type takes the device type's name, a str
# min-torch: 2.4
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
print("model.device:", repr(model.device))
with torch.autocast(device_type=model.device, dtype=torch.bfloat16):
    loss = nn.functional.cross_entropy(model(x), target)
loss.backward()
