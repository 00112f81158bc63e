# min-torch: 2.0
# reference: same codes and parameter gradients as a Python loop over the sequences
import torch
from torch import nn

torch.manual_seed(0)
lstm = nn.LSTM(input_size=3, hidden_size=4, batch_first=True)
sequences = torch.randn(5, 6, 3)  # five sequences of six steps, three features each

# nn.LSTM batches by itself: pass it the whole batch, without vmap.
outputs, _ = lstm(sequences)
codes = outputs[:, -1]  # each sequence's last hidden state
grads = torch.autograd.grad(codes.pow(2).sum(), list(lstm.parameters()))
print("codes:", tuple(codes.shape))

# The reference: each sequence alone, unbatched, in a Python loop.
expected_codes = torch.stack([lstm(seq)[0][-1] for seq in sequences])
expected_grads = torch.autograd.grad(expected_codes.pow(2).sum(), list(lstm.parameters()))
same = torch.allclose(codes, expected_codes, atol=1e-6) and all(
    torch.allclose(g, e, atol=1e-6) for g, e in zip(grads, expected_grads))
print("same codes and parameter gradients as a Python loop over the sequences:", same)
