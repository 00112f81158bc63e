import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
for step in range(3):
    loss = (w * w).sum()  # a new graph each time: no retain_graph needed
    loss.backward()
    print(f"step {step}: w.grad {w.grad}")  # 2w, then 4w, then 6w
