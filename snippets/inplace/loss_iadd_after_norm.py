# raises: RuntimeError
# fixed-by: inplace/loss_add_out_of_place
# cause: `loss += penalty` where loss is the output of a norm, which the norm saved
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
target = torch.tensor([0.5, 0.5])
loss = (w - target).norm()  # the norm's backward needs its own result
loss += 0.1 * (w**2).sum()  # in place: overwrites that result
loss.backward()
