# fixed-by: no_grad/volatile_fixed
# cause: evaluation code from before PyTorch 0.4 that wraps inputs in Variable(..., volatile=True)
import torch
from torch.autograd import Variable

model = torch.nn.Linear(3, 1)
inputs = Variable(torch.ones(2, 3), volatile=True)  # the old way to say "no graph"
out = model(inputs)
print("out.requires_grad:", out.requires_grad, "| grad_fn:", out.grad_fn.name())  # recorded
