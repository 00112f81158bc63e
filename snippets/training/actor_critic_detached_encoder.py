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
# The encoder is trained by the critic only: the actor sees its features detached.
dist = torch.distributions.Categorical(logits=actor(features.detach()))
action = dist.sample()

advantage = returns - value
critic_loss = advantage.pow(2).mean()
actor_loss = -(dist.log_prob(action) * advantage.detach()).mean()

critic_opt.zero_grad()
critic_loss.backward()  # no retain_graph: the actor's graph no longer runs through the encoder
critic_opt.step()

actor_opt.zero_grad()
actor_loss.backward()
actor_opt.step()
print("sampled actions:", action.tolist())
print(f"critic_loss {critic_loss.item():.4f} | actor_loss {actor_loss.item():.4f}")
print(f"gradient norm of the encoder's last layer: {encoder[2].weight.grad.norm():.4f}")
