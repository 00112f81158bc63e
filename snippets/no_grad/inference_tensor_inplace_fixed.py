import torch

with torch.inference_mode():
    scores = torch.zeros(3)
    scores.add_(1)  # inside inference mode: allowed

scores = scores.clone()  # outside: clone first, then edit the normal copy
scores.add_(1)
print("scores:", scores, "| is_inference:", scores.is_inference())
