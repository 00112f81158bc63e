# raises: RuntimeError
# fixed-by: derivatives/queue_model_computes_in_forward
# cause: a module computes a tensor from its parameter in __init__ and keeps it as an attribute; the module is put on a torch.multiprocessing queue for another process
import torch
import torch.multiprocessing as mp
from torch import nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 1)
        self.log_scale = nn.Parameter(torch.zeros(1))
        self.scale = self.log_scale.exp()  # computed once, from a parameter: a non-leaf that requires grad

    def forward(self, x):
        return self.linear(x) * self.scale


torch.manual_seed(0)
model = Scaled()
to_workers = mp.SimpleQueue()  # what worker processes would read from
to_workers.put(model)  # pickles the module, tensors and all
