# graph: h, h_start
import torch

torch.manual_seed(0)
W = torch.randn(2, 2, requires_grad=True)
inputs = torch.randn(4, 2)
h = torch.zeros(2)

for batch in range(2):
    h_start = h.detach()  # same values; the link to earlier minibatches is cut here
    h = h_start
    for t in range(2):
        h = torch.tanh(W @ h + inputs[2 * batch + t])
    print(f"after minibatch {batch}: h = {h}")
