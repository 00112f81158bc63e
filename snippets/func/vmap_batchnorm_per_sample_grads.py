# raises: RuntimeError
# fixed-by: func/vmap_batchnorm_fixes
# cause: per-sample gradients with vmap(grad(...)) of a model whose BatchNorm is in train mode and tracks running statistics
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(64, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
buffers = {name: b.detach() for name, b in model.named_buffers()}
images = torch.randn(5, 1, 6, 6)
labels = torch.tensor([0, 1, 1, 0, 1])


def loss_fn(params, buffers, image, label):
    logits = functional_call(model, (params, buffers), (image.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, label.unsqueeze(0))


print("first sample alone:", tuple(grad(loss_fn)(params, buffers, images[0], labels[0])["0.weight"].shape))
per_sample = vmap(grad(loss_fn), in_dims=(None, None, 0, 0))(params, buffers, images, labels)
