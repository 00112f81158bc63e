# reference: same gradient as the derivative by hand
import torch


def features(x, w):
    return (x @ w).relu_()


def energy(h):
    return h.pow(2).sum()


def clipped_total(h):
    return h.clamp(max=1.0).sum()  # out of place: h stays as energy() saved it


x = torch.ones(2, 3)
w = torch.full((3, 3), 0.5, requires_grad=True)
h = features(x, w)
loss = energy(h) + clipped_total(h)
loss.backward()
print("w.grad:", w.grad)

# The reference: the derivative by hand. d loss / d h is 2h, plus 1 where clamp passes h (h <= 1);
# relu passes it where x @ w > 0, and x @ w's gradient for w is x transposed times it.
z = x @ w.detach()
d_h = (2 * z.relu() + (z.relu() <= 1).float()) * (z > 0).float()
print("same gradient as the derivative by hand:", torch.allclose(w.grad, x.t() @ d_h))
