import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
data = torch.randn(6, 8)
scores = torch.zeros(6)  # allocated before the block: a normal tensor

with torch.inference_mode():
    for start in range(0, 6, 3):
        batch_scores = model(data[start : start + 3]).squeeze(1)  # new memory
        scores[start : start + 3] = batch_scores  # written into the normal tensor
    first = scores[:3]  # a view of the normal tensor, no new memory

# _is_view() is internal; it is used here only to look at the bookkeeping
print("model output (new memory): is_inference", batch_scores.is_inference())
print("scores (made outside):     is_inference", scores.is_inference())
print("view of scores:            is_inference", first.is_inference(), "| a view", first._is_view())

first.sigmoid_()  # in place, after the block: allowed, and it writes into scores
print("scores:", scores)
