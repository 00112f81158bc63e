import torch

logits = torch.tensor([[2.0, 1.0, -1.0]], requires_grad=True)
cost = torch.tensor([[1.0, 0.0, 2.0]])
probs = logits.softmax(-1)  # softmax saves its output for the backward pass

report = probs.detach().numpy()  # shares memory with probs
report[report < 0.1] = 0.0  # tidy the numbers for a log line
print("probs:", probs, "| probs._version:", probs._version)

(probs * cost).sum().backward()  # expected cost: no error ...
print("logits.grad (wrong):", logits.grad)

fresh = torch.tensor([[2.0, 1.0, -1.0]], requires_grad=True)
(fresh.softmax(-1) * cost).sum().backward()
print("right gradient:     ", fresh.grad)
