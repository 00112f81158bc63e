# raises: RuntimeError
# fixed-by: func/lstm_batch_without_vmap
# cause: a function written for one unbatched sequence runs an nn.LSTM (or nn.GRU) and is mapped over the sequences with vmap; vmap has no batching rule for the recurrent layer's operator and cannot loop over it either
# min-torch: 2.0
import torch
from torch import nn
from torch.func import vmap

torch.manual_seed(0)
lstm = nn.LSTM(input_size=3, hidden_size=4, batch_first=True)
sequences = torch.randn(5, 6, 3)  # five sequences of six steps, three features each


def encode(seq):
    outputs, _ = lstm(seq)  # one sequence, unbatched: (steps, features)
    return outputs[-1]  # the last step's hidden state


print("first sequence alone:", tuple(encode(sequences[0]).shape))
codes = vmap(encode)(sequences)
