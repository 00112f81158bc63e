# raises: RuntimeError
# fixed-by: retain_graph/features_before_loop_fixed
# cause: features computed once before the training loop by a module that requires grad, then reused every epoch
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(16, 32), nn.Tanh())  # pretrained; only the probe is trained
probe = nn.Linear(32, 3)
opt = torch.optim.SGD(probe.parameters(), lr=0.5)
images, labels = torch.randn(64, 16), torch.randint(0, 3, (64,))

features = backbone(images)  # computed once to save time, but it carries a graph into backbone
for epoch in range(3):
    loss = nn.functional.cross_entropy(probe(features), labels)
    opt.zero_grad()
    loss.backward()  # also walks into backbone's graph, and frees what it saved
    opt.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")
