# min-torch: 2.0
# reference: same per-sample gradients as a Python loop
import copy

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


def per_sample_grads(mode):
    buffers = {name: b.detach() for name, b in model.named_buffers()}
    grads = vmap(grad(loss_fn), in_dims=(None, None, 0, 0))(params, buffers, images, labels)
    print(f"{mode}: gradients {tuple(grads['0.weight'].shape)}")
    # The reference: plain autograd on the model itself, one sample at a time in a Python loop
    # (atol: in train mode the conv bias's gradient is 0 up to rounding, BatchNorm subtracts it).
    same = True
    for i in range(len(images)):
        loss = nn.functional.cross_entropy(model(images[i : i + 1]), labels[i : i + 1])
        expected = torch.autograd.grad(loss, list(model.parameters()))
        same &= all(torch.allclose(grads[name][i], e, atol=1e-6) for name, e in zip(params, expected))
    print("same per-sample gradients as a Python loop:", same)


# 1. Eval mode: BatchNorm normalizes with its running statistics and updates nothing.
model.eval()
per_sample_grads("eval mode")

# 2. Train mode without running statistics: each sample is normalized with its own. The patch
#    deletes the running statistics in place, so patch a copy and keep the original for evaluation.
original, model = model, copy.deepcopy(model).train()
replace_all_batch_norm_modules_(model)
print("track_running_stats:", model[1].track_running_stats, "| buffers left:", [n for n, _ in model.named_buffers()])
per_sample_grads("train mode, patched copy")

# What the patch costs the model it patched: in eval mode it normalizes with each batch's statistics.
model.eval()
print("patched copy in eval mode, running_mean:", model[1].running_mean)
print("patched copy, sample 0 alone as in the batch:", torch.allclose(model(images[:1]), model(images)[:1]))
print("original, sample 0 alone as in the batch:", torch.allclose(original(images[:1]), original(images)[:1]))
