# raises: RuntimeError
# fixed-by: leaf/trace_grad_scalar_delta
# cause: a TD error kept as the critic's (1, 1) output scales each parameter's eligibility trace before it is assigned to .grad, and broadcasting makes that product (1, n) for a one-dimensional bias
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
    delta = reward + gamma * critic(next_state) - value  # the TD error
for i, p in enumerate(critic.parameters()):
    traces[i] = gamma * lam * traces[i] + p.grad
    print(tuple(p.shape), "gets", tuple((delta * traces[i]).shape))
    p.grad = delta * traces[i]
