# raises: ImportError
# before-torch: 2.0
# fixed-by: optim/copied_optimizer_collections_abc
# cause: an optimizer copied from an older release's source imports container_abcs from torch._six, which 1.13 no longer has (it stood for Python's collections.abc) and 2.0 removed with the module
import torch
from torch._six import container_abcs


class PlainSGD(torch.optim.Optimizer):
    def __init__(self, params, lr):
        if not isinstance(params, container_abcs.Iterable):
            raise TypeError("params must be an iterable of tensors or dicts")
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])


optimizer = PlainSGD(torch.nn.Linear(3, 1).parameters(), lr=0.1)
