import torch

layer = torch.nn.Linear(2, 1)
layer.bias.requires_grad_(False)  # frozen, as fine-tuning does: still a leaf
out = layer(torch.ones(1, 2))

print("weight: is_leaf", layer.weight.is_leaf, "requires_grad", layer.weight.requires_grad)
print("bias:   is_leaf", layer.bias.is_leaf, "requires_grad", layer.bias.requires_grad)
print("out:    is_leaf", out.is_leaf, "grad_fn", type(out.grad_fn).__name__)
