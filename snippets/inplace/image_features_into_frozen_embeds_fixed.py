# reference: same gradients as building the rows in a list
import torch
from torch import nn

torch.manual_seed(0)
IMAGE = 9  # placeholder token id
embed = nn.Embedding(10, 4).requires_grad_(False)  # frozen; adapters are trained instead
# what fine-tuning scripts do so that checkpointed layers still get gradients:
embed.register_forward_hook(lambda module, inputs, output: output.requires_grad_(True))
vision = nn.Linear(6, 4)  # stands in for the vision encoder and projector

input_ids = torch.tensor([[1, IMAGE, IMAGE, 4, 2]])
pixels = torch.randn(2, 6)
image_features = vision(pixels)

inputs_embeds = embed(input_ids)
positions = (input_ids.flatten() == IMAGE).nonzero().squeeze(1)
# index_copy without the underscore returns a new tensor and leaves the leaf alone
inputs_embeds = inputs_embeds.view(-1, 4).index_copy(0, positions, image_features).view(1, -1, 4)
print("inputs_embeds: is_leaf", inputs_embeds.is_leaf, "| grad_fn", type(inputs_embeds.grad_fn).__name__)
inputs_embeds.sum().backward()
print("vision.weight.grad is None:", vision.weight.grad is None)

# The reference: the sequence built as a Python list of rows, each placeholder's row
# replaced by its image feature, then stacked: no index_copy, no view.
rows = list(embed(input_ids)[0])
features = vision(pixels)
for k, position in enumerate(positions.tolist()):
    rows[position] = features[k]
expected = torch.autograd.grad(torch.stack(rows).sum(), [vision.weight, vision.bias])
same = all(g is not None and torch.allclose(g, e) for g, e in zip([vision.weight.grad, vision.bias.grad], expected))
print("same gradients as building the rows in a list:", same)
