# raises: RuntimeError
# fixed-by: optim/shared_adam_tensor_step
# cause: an Adam subclass fills the optimizer's state before the first step, as A3C's SharedAdam does to put the moments in shared memory, and keeps the step count as a Python int, while Adam's update wants every state['step'] to be a tensor
import torch
from torch import nn


class SharedAdam(torch.optim.Adam):
    """Adam whose state exists before the first step, so worker processes can share it."""

    def __init__(self, params, lr=1e-3):
        super().__init__(params, lr=lr)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = 0  # a Python int: it cannot be shared, nor is it what Adam reads
                state["exp_avg"] = torch.zeros_like(p).share_memory_()
                state["exp_avg_sq"] = torch.zeros_like(p).share_memory_()


torch.manual_seed(0)
global_model = nn.Linear(4, 2)
global_model.share_memory()
opt = SharedAdam(global_model.parameters(), lr=0.01)

loss = global_model(torch.randn(8, 4)).pow(2).mean()
opt.zero_grad()
loss.backward()
opt.step()
print("stepped")
