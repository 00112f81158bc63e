# min-torch: 2.0
# graph: per_sample
import torch
from torch.func import vmap

torch.manual_seed(0)
class_weights = torch.tensor([1.0, 5.0, 2.0])
logits = torch.randn(4, 3, requires_grad=True)  # a model's output, in training
labels = torch.tensor([0, 1, 2, 1])


def weighted_nll(sample_logits, label, weight):
    return -weight * sample_logits.log_softmax(-1).gather(0, label.unsqueeze(0)).squeeze(0)


# The lookup runs once, on the whole batch, outside vmap: each sample gets its weight as an input.
per_sample = vmap(weighted_nll)(logits, labels, class_weights[labels])
print("per-sample losses:", [round(v, 4) for v in per_sample.tolist()])
looped = [weighted_nll(logits[i], labels[i], class_weights[labels[i]]).item() for i in range(4)]
print("same as a Python loop:", torch.allclose(per_sample, torch.tensor(looped)))
