import torch

torch.manual_seed(0)
layer = torch.nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)

layer.zero_grad()
((layer(x) - y) ** 2).mean().backward()  # one batch of 8
full = layer.weight.grad.clone()

layer.zero_grad()
for part_x, part_y in zip(x.chunk(2), y.chunk(2)):  # two micro-batches of 4
    loss = ((layer(part_x) - part_y) ** 2).mean() / 2  # each half counts for half
    loss.backward()  # adds into .grad
print("one batch:    ", full)
print("two halves:   ", layer.weight.grad)
print("same:", torch.allclose(full, layer.weight.grad))
