# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, replace_all_batch_norm_modules_, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(64, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
images = torch.randn(5, 1, 6, 6)
labels = torch.tensor([0, 1, 1, 0, 1])


def loss_fn(params, buffers, image, label):
    logits = functional_call(model, (params, buffers), (image.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, label.unsqueeze(0))


def per_sample_grads():
    buffers = {name: b.detach() for name, b in model.named_buffers()}
    grads = vmap(grad(loss_fn), in_dims=(None, None, 0, 0))(params, buffers, images, labels)
    alone = grad(loss_fn)(params, buffers, images[0], labels[0])  # no vmap, one sample
    same = all(torch.allclose(grads[name][0], alone[name], atol=1e-6) for name in grads)
    return f"gradients {tuple(grads['0.weight'].shape)}, the first one equal to sample 0's alone: {same}"


# 1. Eval mode: BatchNorm normalizes with its running statistics and updates nothing.
model.eval()
print("eval mode:", per_sample_grads())

# 2. Train mode without running statistics: each sample is normalized with its own.
model.train()
replace_all_batch_norm_modules_(model)
print("track_running_stats:", model[1].track_running_stats, "| buffers left:", [n for n, _ in model.named_buffers()])
print("train mode, patched:", per_sample_grads())
