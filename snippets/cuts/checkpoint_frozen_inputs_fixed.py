# reference: same gradients and weights as without checkpointing
import warnings

import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


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
            h = checkpoint(block, h, use_reentrant=False)  # records the block's parameters too
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

for step in range(3):
    opt.zero_grad()
    logits = model(tokens[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 20), tokens[:, 1:].reshape(-1))
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print("runs of each block:", [block.runs for block in model.blocks])  # twice per step
print("with a gradient:", [n for n, p in model.named_parameters() if p.grad is not None])

# The reference: the same three steps from the same start, each block called plainly.
torch.manual_seed(0)
plain = TinyLM()
plain.requires_grad_(False)
adapters = [p for name, p in plain.named_parameters() if "lora_" in name]
for p in adapters:
    p.requires_grad_(True)
plain_opt = torch.optim.AdamW(adapters, lr=1e-2)
for step in range(3):
    plain_opt.zero_grad()
    h = plain.embed(tokens[:, :-1])
    for block in plain.blocks:
        h = block(h)
    F.cross_entropy(plain.head(h).reshape(-1, 20), tokens[:, 1:].reshape(-1)).backward()
    plain_opt.step()
pairs = list(zip(model.parameters(), plain.parameters()))
same = all(torch.allclose(p, q) for p, q in pairs)  # the weights after the three steps
# the gradients of the last step: every adapter has one, the frozen weights have none
same = same and all(p.grad is not None and torch.allclose(p.grad, q.grad) for p, q in pairs if q.requires_grad)
same = same and all(p.grad is None for p, q in pairs if not q.requires_grad)
print("same gradients and weights as without checkpointing:", same)
