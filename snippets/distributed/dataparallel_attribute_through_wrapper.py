# raises: AttributeError
# fixed-by: distributed/dataparallel_attribute_through_module
# cause: after wrapping the model in nn.DataParallel, the training code reads an attribute or calls a method of its own model (model.num_classes, a loss it defines) on the wrapper, which has only its own attributes and nn.Module's
import torch
from torch import nn

torch.manual_seed(0)


class Tagger(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes
        self.layer = nn.Linear(8, num_classes)

    def forward(self, x):
        return self.layer(x)


# without a GPU DataParallel holds the model and calls it as it is; on GPUs it splits each batch
model = nn.DataParallel(Tagger(num_classes=4))
x, labels = torch.randn(6, 8), torch.tensor([0, 3, 1, 1, 2, 0])
targets = nn.functional.one_hot(labels, model.num_classes).float()  # multi-label targets
