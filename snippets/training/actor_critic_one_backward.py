# reference: same gradients as one loss at a time
import torch
from torch import nn

torch.manual_seed(0)
encoder = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 16), nn.Tanh())
actor, critic = nn.Linear(16, 2), nn.Linear(16, 1)
critic_opt = torch.optim.Adam([*encoder.parameters(), *critic.parameters()], lr=1e-3)
actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)

obs = torch.randn(8, 4)
returns = torch.randn(8)
features = encoder(obs)
value = critic(features).squeeze(1)
dist = torch.distributions.Categorical(logits=actor(features))
action = dist.sample()

advantage = returns - value
critic_loss = advantage.pow(2).mean()
actor_loss = -(dist.log_prob(action) * advantage.detach()).mean()

critic_opt.zero_grad()
actor_opt.zero_grad()
(critic_loss + actor_loss).backward()  # every gradient first, from the weights the forward used
critic_opt.step()  # then every step
actor_opt.step()
print("sampled actions:", action.tolist())
print(f"critic_loss {critic_loss.item():.4f} | actor_loss {actor_loss.item():.4f}")
print(f"gradient norm of the encoder's last layer: {encoder[2].weight.grad.norm():.4f}")

# The reference: the three modules made again from the seed (their weights before the
# steps), each loss differentiated on its own from a fresh forward, the gradients added.
torch.manual_seed(0)
modules = [
    nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 16), nn.Tanh()),
    nn.Linear(16, 2),
    nn.Linear(16, 1),
]
params = [p for m in modules for p in m.parameters()]
expected = [torch.zeros_like(p) for p in params]


def fresh_losses():
    features = modules[0](obs)
    advantage = returns - modules[2](features).squeeze(1)
    log_prob = torch.distributions.Categorical(logits=modules[1](features)).log_prob(action)
    return advantage.pow(2).mean(), -(log_prob * advantage.detach()).mean()


for which in range(2):
    grads = torch.autograd.grad(fresh_losses()[which], params, allow_unused=True)
    expected = [e if g is None else e + g for e, g in zip(expected, grads)]
trained = [p for m in (encoder, actor, critic) for p in m.parameters()]
# atol: the two losses' gradients added in another order differ in the last bits
same = all(p.grad is not None and torch.allclose(p.grad, e, atol=1e-6) for p, e in zip(trained, expected))
print("same gradients as one loss at a time:", same)
