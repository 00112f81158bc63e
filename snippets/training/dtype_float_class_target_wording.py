import torch
from torch import nn

torch.manual_seed(0)
logits = torch.randn(2, 4, 5, 5)  # 4 classes
masks = torch.zeros(2, 5, 5)  # class indices, stored as float
probabilities = torch.softmax(torch.randn(2, 4, 5, 5), dim=1)  # soft labels: the logits' shape
cases = [("float masks", masks), ("int32 masks", masks.int()), ("int64 masks", masks.long()),
         ("float probabilities", probabilities)]
for name, target in cases:
    try:
        nn.functional.cross_entropy(logits, target)
        print(f"{name}: accepted")
    except RuntimeError as error:  # caught, to print each release's wording
        print(f"{name}: {error}")
