import torch

torch.manual_seed(0)
prompt = torch.randn(1, 6, 4)  # six token embeddings of width 4, kept as they are
learned = prompt[:, 1:3].clone().requires_grad_()  # tokens 1 and 2: a leaf of their own
opt = torch.optim.Adam([learned], lr=0.1)
target = torch.zeros(1, 6, 4)  # stands in for what the frozen model wants to see

for step in range(3):
    full = torch.cat([prompt[:, :1], learned, prompt[:, 3:]], dim=1)  # rebuilt every step
    loss = (full - target).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print("learned.is_leaf:", learned.is_leaf, "| other tokens unchanged:", torch.equal(full[:, 3:], prompt[:, 3:]))
