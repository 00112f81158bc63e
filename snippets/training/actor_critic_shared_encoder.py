# raises: RuntimeError
# fixed-by: training/actor_critic_one_backward
# cause: actor-critic with a shared encoder and two optimizers: the critic's step changes weights the actor's graph saved
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
critic_loss.backward(retain_graph=True)  # the actor's loss still needs the encoder's graph
critic_opt.step()  # changes the encoder's weights in place

actor_opt.zero_grad()
actor_loss.backward()
