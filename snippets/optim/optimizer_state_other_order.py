import torch
from torch import nn

torch.manual_seed(0)
encoder, decoder = nn.Linear(4, 4), nn.Linear(4, 4)  # two layers of the same shapes
opt = torch.optim.AdamW([*encoder.parameters(), *decoder.parameters()], lr=0.01)
(encoder(torch.randn(2, 4)).sum() + 100 * decoder(torch.randn(2, 4)).sum()).backward()
opt.step()
saved = opt.state_dict()  # the state is stored by position in the list, not by name

# the resumed run lists the same parameters in another order
resumed = torch.optim.AdamW([*decoder.parameters(), *encoder.parameters()], lr=0.01)
resumed.load_state_dict(saved)  # no error: the group holds as many tensors as the saved one
moments = resumed.state[encoder.weight]["exp_avg"]
print("encoder.weight got its own moments:", torch.equal(moments, opt.state[encoder.weight]["exp_avg"]))
print("encoder.weight got decoder.weight's:", torch.equal(moments, opt.state[decoder.weight]["exp_avg"]))
