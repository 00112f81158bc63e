# reference: same output and tangent as the weight applied to the input and to the direction
import warnings

import torch
import torch.autograd.forward_ad as fwAD

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
weight = torch.randn(2, 3)
x = torch.randn(3)
direction = torch.randn(3)  # the input change to push through


def project(x):
    return torch.mv(weight, x)  # a new tensor: forward mode gives it a tangent


with fwAD.dual_level():
    dual = fwAD.make_dual(x, direction)  # x, carrying its tangent
    out, tangent = fwAD.unpack_dual(project(dual))
print("output:", tuple(out.shape), "| tangent:", tuple(tangent.shape))

# The reference: the map is linear, so its derivative along `direction` is the weight times it.
same = torch.allclose(out, weight @ x) and torch.allclose(tangent, weight @ direction)
print("same output and tangent as the weight applied to the input and to the direction:", same)
