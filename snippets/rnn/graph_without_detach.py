# graph: h
import torch

torch.manual_seed(0)
W = torch.randn(2, 2, requires_grad=True)  # recurrent weights of a tiny RNN cell
inputs = torch.randn(4, 2)  # 2 minibatches of 2 time steps each
h = torch.zeros(2)

for batch in range(2):
    for t in range(2):
        h = torch.tanh(W @ h + inputs[2 * batch + t])  # h keeps its link to every earlier step
    print(f"after minibatch {batch}: h = {h}")
