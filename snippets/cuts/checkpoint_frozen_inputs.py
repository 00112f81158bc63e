# raises: RuntimeError
# fixed-by: cuts/checkpoint_frozen_inputs_fixed
# cause: reentrant activation checkpointing over the blocks of a frozen model whose only trainable weights (LoRA adapters) are inside the blocks
import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class LoRALinear(torch.nn.Module):
    """A pretrained linear layer plus a small trainable low-rank update."""

    def __init__(self, dim, rank=2):
        super().__init__()
        self.base = torch.nn.Linear(dim, dim)
        self.lora_a = torch.nn.Parameter(torch.randn(rank, dim) * 0.1)
        self.lora_b = torch.nn.Parameter(torch.zeros(dim, rank))

    def forward(self, h):
        return self.base(h) + h @ self.lora_a.T @ self.lora_b.T


class Block(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = LoRALinear(dim)
        self.runs = 0  # how often forward() ran, runs during backward included

    def forward(self, h):
        self.runs += 1
        return h + torch.relu(self.ff(h))


class TinyLM(torch.nn.Module):
    def __init__(self, vocab=20, dim=8, n_blocks=2):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.blocks = torch.nn.ModuleList(Block(dim) for _ in range(n_blocks))
        self.head = torch.nn.Linear(dim, vocab)

    def forward(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            # recompute the block in backward instead of storing its activations
            h = checkpoint(block, h, use_reentrant=True)
        return self.head(h)


torch.manual_seed(0)
model = TinyLM()
model.requires_grad_(False)  # the pretrained model stays frozen...
for name, p in model.named_parameters():
    if "lora_" in name:
        p.requires_grad_(True)  # ...and only the adapters train
print("trainable:", [n for n, p in model.named_parameters() if p.requires_grad])
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
tokens = torch.randint(0, 20, (4, 6))

opt.zero_grad()
logits = model(tokens[:, :-1])
print("logits.requires_grad:", logits.requires_grad)
loss = F.cross_entropy(logits.reshape(-1, 20), tokens[:, 1:].reshape(-1))
loss.backward()
opt.step()
