# raises: RuntimeError
# fixed-by: func/vmap_class_weight_as_input
# cause: a per-sample loss under vmap looks up its class weight with int(label.item())
# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
class_weights = torch.tensor([1.0, 5.0, 2.0])  # rare classes count more
logits = torch.randn(4, 3)
labels = torch.tensor([0, 1, 2, 1])


def weighted_nll(sample_logits, label):
    weight = class_weights[int(label.item())]  # a Python int per sample
    return -weight * sample_logits.log_softmax(-1).gather(0, label.unsqueeze(0)).squeeze(0)


print("first sample alone:", round(weighted_nll(logits[0], labels[0]).item(), 4))
per_sample = vmap(weighted_nll)(logits, labels)
