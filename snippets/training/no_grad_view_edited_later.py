# raises: RuntimeError
# fixed-by: training/no_grad_view_edited_inside
# cause: a helper decorated with @torch.no_grad() returns a view of a weight, and the caller edits it in place
import torch
from torch import nn


@torch.no_grad()
def rows_of(layer, classes):
    return layer.weight[classes]  # a view, created in no_grad mode


torch.manual_seed(0)
classifier = nn.Linear(4, 10)
new_classes = slice(8, 10)  # two classes added for the next task
rows_of(classifier, new_classes).normal_(0, 0.01)  # re-initialise them; grad mode is on here
