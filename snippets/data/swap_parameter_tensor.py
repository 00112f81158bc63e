# min-torch: 2.3
import torch
from torch import nn


def trained_embedding():  # a vocabulary of 4 tokens, after one training step
    torch.manual_seed(0)
    emb = nn.Embedding(4, 3)
    optimizer = torch.optim.SGD(emb.parameters(), lr=0.1, momentum=0.9)
    emb(torch.tensor([0, 3])).sum().backward()
    optimizer.step()
    return emb, optimizer


def report(how, emb, optimizer):
    held = optimizer.param_groups[0]["params"][0] is emb.weight
    grad = None if emb.weight.grad is None else tuple(emb.weight.grad.shape)
    momentum = tuple(optimizer.state[emb.weight]["momentum_buffer"].shape)
    print(f"{how}: weight {tuple(emb.weight.shape)}, the optimizer's: {held}, .grad {grad}, momentum {momentum}")


# grow the vocabulary to 6 tokens, keeping the trained rows
emb, optimizer = trained_embedding()
emb.weight.data = torch.cat([emb.weight.detach(), torch.zeros(2, 3)])  # old code
report(".data =     ", emb, optimizer)

emb, optimizer = trained_embedding()
grown = nn.Parameter(torch.cat([emb.weight.detach(), torch.zeros(2, 3)]))
torch.utils.swap_tensors(emb.weight, grown)  # same Python object, everything in it swapped
report("swap_tensors", emb, optimizer)
