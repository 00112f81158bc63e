# raises: RuntimeError
# fixed-by: inplace/image_features_into_frozen_embeds_fixed
# cause: image features are written with index_copy_ into a view of input embeddings that a hook made require grad (frozen embeddings, gradient checkpointing)
import torch
from torch import nn

torch.manual_seed(0)
IMAGE = 9  # placeholder token id
embed = nn.Embedding(10, 4).requires_grad_(False)  # frozen; adapters are trained instead
# what fine-tuning scripts do so that checkpointed layers still get gradients:
embed.register_forward_hook(lambda module, inputs, output: output.requires_grad_(True))
vision = nn.Linear(6, 4)  # stands in for the vision encoder and projector

input_ids = torch.tensor([[1, IMAGE, IMAGE, 4, 2]])
image_features = vision(torch.randn(2, 6))

inputs_embeds = embed(input_ids)
print("inputs_embeds: is_leaf", inputs_embeds.is_leaf, "| requires_grad", inputs_embeds.requires_grad)
positions = (input_ids.flatten() == IMAGE).nonzero().squeeze(1)
inputs_embeds.view(-1, 4).index_copy_(0, positions, image_features)
