# raises: NotImplementedError
# fixed-by: func/forward_ad_return_new_tensor
# cause: a function run in forward mode writes its result through out= into a tensor it was handed (here a buffer made once to save allocations); forward mode refuses an out= operation once one of its tensors carries a tangent
import warnings

import torch
import torch.autograd.forward_ad as fwAD

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
weight = torch.randn(2, 3)
x = torch.randn(3)
direction = torch.randn(3)  # the input change to push through
buffer = torch.empty(2)  # reused for every result, to save an allocation


def project(x):
    return torch.mv(weight, x, out=buffer)


print("projected alone:", tuple(project(x).shape))
with fwAD.dual_level():
    dual = fwAD.make_dual(x, direction)  # x, carrying its tangent
    out, tangent = fwAD.unpack_dual(project(dual))
