# raises: ValueError
# fixed-by: leaf/embedding_slice_fixed
# cause: the token embeddings to learn sliced out of a larger tensor and given to the optimizer
import torch

torch.manual_seed(0)
prompt = torch.randn(1, 6, 4, requires_grad=True)  # six token embeddings of width 4
learned = prompt[:, 1:3]  # tokens 1 and 2 are the ones to learn
print("learned.is_leaf:", learned.is_leaf, "| grad_fn:", learned.grad_fn.name())
opt = torch.optim.Adam([learned], lr=0.1)
