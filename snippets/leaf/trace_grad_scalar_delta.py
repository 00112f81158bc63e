# reference: same gradients as autograd on delta times the value
import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Linear(4, 1)
state, next_state = torch.randn(1, 4), torch.randn(1, 4)
reward, gamma, lam = 1.0, 0.9, 0.8

value = critic(state)
value.backward()  # each trace follows the gradient of the value
traces = [torch.zeros_like(p) for p in critic.parameters()]
with torch.no_grad():
    delta = (reward + gamma * critic(next_state) - value).item()  # a number, not a (1, 1) tensor
for i, p in enumerate(critic.parameters()):
    traces[i] = gamma * lam * traces[i] + p.grad
    print(tuple(p.shape), "gets", tuple((delta * traces[i]).shape))
    p.grad = delta * traces[i]

# The reference: with traces that start at zero, delta times each trace is the gradient of
# delta times the value, which autograd finds by itself.
expected = torch.autograd.grad(delta * critic(state).sum(), list(critic.parameters()))
same = all(torch.allclose(p.grad, e) for p, e in zip(critic.parameters(), expected))
print("same gradients as autograd on delta times the value:", same)
