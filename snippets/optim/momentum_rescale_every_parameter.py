# raises: KeyError
# fixed-by: optim/momentum_rescale_where_buffered
# cause: a helper that rescales SGD's momentum buffers when the learning rate changes reads optimizer.state[p]['momentum_buffer'] for every parameter, and a parameter that has had no gradient yet (a head the loss starts using later) has no state
import torch
from torch import nn

torch.manual_seed(0)
backbone, main_head, aux_head = nn.Linear(4, 4), nn.Linear(4, 1), nn.Linear(4, 1)
params = list(backbone.parameters()) + list(main_head.parameters()) + list(aux_head.parameters())
opt = torch.optim.SGD(params, lr=0.1, momentum=0.9)


def set_lr(optimizer, new_lr):
    # keep the velocity, momentum times the past steps, as it was before the change
    for group in optimizer.param_groups:
        ratio = group["lr"] / new_lr
        for p in group["params"]:
            optimizer.state[p]["momentum_buffer"].mul_(ratio)
        group["lr"] = new_lr


x, y = torch.randn(16, 4), torch.randn(16, 1)
for step in range(8):
    if step == 3:
        set_lr(opt, 0.01)  # the decay comes before the auxiliary loss starts
    opt.zero_grad(set_to_none=True)
    h = torch.relu(backbone(x))
    loss = nn.functional.mse_loss(main_head(h), y)
    if step >= 4:
        loss = loss + 0.5 * nn.functional.mse_loss(aux_head(h), y)
    loss.backward()
    opt.step()
