import torch

logits = torch.tensor([[2.0, 1.0, -1.0]], requires_grad=True)
cost = torch.tensor([[1.0, 0.0, 2.0]])
probs = logits.softmax(-1)

report = probs.detach().numpy().copy()  # an array with memory of its own
report[report < 0.1] = 0.0
print("report:", report.round(4), "| probs:", probs)

(probs * cost).sum().backward()
print("logits.grad:", logits.grad)
