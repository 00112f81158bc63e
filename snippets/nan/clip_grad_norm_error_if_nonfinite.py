# raises: RuntimeError
# fixed-by: nan/clip_grad_norm_finite
# cause: a loss with a NaN gradient (sqrt at 0) in a training step that clips with error_if_nonfinite=True
import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(4, 3), nn.Linear(3, 2)
params = [*encoder.parameters(), *head.parameters()]
x, labels = torch.randn(5, 4), torch.tensor([0, 1, 0, 1, 1])

emb = encoder(x)
dist = (emb[:, None] - emb[None]).pow(2).sum(-1).sqrt()
loss = nn.functional.cross_entropy(head(emb), labels) + torch.relu(1.0 - dist).mean()
loss.backward()
nn.utils.clip_grad_norm_(params, max_norm=1.0, error_if_nonfinite=True)  # stop before the step
