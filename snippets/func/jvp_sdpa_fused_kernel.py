# raises: NotImplementedError
# fixed-by: func/jvp_attention_written_out
# cause: forward mode (torch.func.jvp or jacfwd, or torch.autograd.forward_ad) runs through F.scaled_dot_product_attention, which dispatches to a fused flash or memory-efficient kernel that has no forward-mode formula
# min-torch: 2.1
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


def self_attention(x):
    # two heads of four features: (batch, heads, tokens, features)
    q, k, v = ((x @ w).view(1, 4, 2, 4).transpose(1, 2) for w in (w_q, w_k, w_v))
    return F.scaled_dot_product_attention(q, k, v)


print("attention output:", tuple(self_attention(tokens).shape))
# The output and its derivative along `direction`, in one forward pass.
out, tangent = jvp(self_attention, (tokens,), (direction,))
