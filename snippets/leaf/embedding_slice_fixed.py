# reference: same steps as masking the other tokens' gradients
import torch

torch.manual_seed(0)
prompt = torch.randn(1, 6, 4, requires_grad=True)  # six token embeddings of width 4, as in the error
print("a clone alone is a leaf:", prompt[:, 1:3].clone().requires_grad_().is_leaf)
learned = prompt[:, 1:3].detach().clone().requires_grad_()  # tokens 1 and 2: a leaf of their own
kept = prompt.detach()  # the other tokens, as plain values
opt = torch.optim.Adam([learned], lr=0.1)
target = torch.zeros(1, 6, 4)  # stands in for what the frozen model wants to see

for step in range(3):
    full = torch.cat([kept[:, :1], learned, kept[:, 3:]], dim=1)  # rebuilt every step
    loss = (full - target).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print("learned.is_leaf:", learned.is_leaf, "| other tokens unchanged:", torch.equal(full[:, 3:], kept[:, 3:]))

# The reference: the whole prompt as one leaf, its other tokens' gradients set to zero
# before each step (Adam then leaves them where they are).
others = [0, 3, 4, 5]
whole = prompt.detach().clone().requires_grad_()
opt = torch.optim.Adam([whole], lr=0.1)
for step in range(3):
    opt.zero_grad()
    (whole - target).pow(2).mean().backward()
    whole.grad[:, others] = 0
    opt.step()
same = torch.allclose(learned.grad, whole.grad[:, 1:3]) and torch.allclose(learned, whole[:, 1:3])
print("same steps as masking the other tokens' gradients:", same and torch.equal(whole[:, others], kept[:, others]))
