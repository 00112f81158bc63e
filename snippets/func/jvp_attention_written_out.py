# min-torch: 2.1
# reference: same output and tangent as the fused kernel's reverse-mode Jacobian
import warnings

import torch
import torch.nn.functional as F
from torch.func import jvp

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
w_q, w_k, w_v = (torch.randn(3, 8, 8) / 8**0.5).unbind(0)
tokens = torch.randn(1, 4, 8)  # one sequence of four tokens, eight features each
direction = torch.randn_like(tokens)  # the input change to push through the layer


def heads(x):
    return ((x @ w).view(1, 4, 2, 4).transpose(1, 2) for w in (w_q, w_k, w_v))


def self_attention(x):
    q, k, v = heads(x)
    # the attention written out: matmul and softmax have forward-mode formulas
    scores = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    return scores.softmax(dim=-1) @ v


out, tangent = jvp(self_attention, (tokens,), (direction,))
print("output:", tuple(out.shape), "| tangent:", tuple(tangent.shape))


# The reference: the fused attention itself, and its Jacobian by reverse mode (which the
# kernel supports, one backward pass per output element) applied to the same direction.
def fused(x):
    return F.scaled_dot_product_attention(*heads(x))


jacobian = torch.autograd.functional.jacobian(fused, tokens)  # output dims, then input dims
expected = (jacobian * direction).sum(dim=(-3, -2, -1))
same = torch.allclose(out, fused(tokens), atol=1e-6) and torch.allclose(tangent, expected, atol=1e-5)
print("same output and tangent as the fused kernel's reverse-mode Jacobian:", same)
