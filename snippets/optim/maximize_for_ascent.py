# reference: same perturbation as gradient ascent written out by hand
import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 3)
model.requires_grad_(False)
x, label = torch.randn(4, 8), torch.tensor([0, 2, 1, 0])

# an adversarial perturbation: climb the classifier's loss
delta = torch.zeros(4, 8, requires_grad=True)
opt = torch.optim.SGD([delta], lr=0.1, maximize=True)  # a positive rate, and the direction said
losses = []
for _ in range(5):
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x + delta), label)
    loss.backward()
    losses.append(loss.item())
    opt.step()
print("loss goes up:", all(b > a for a, b in zip(losses, losses[1:])))

# The reference: five steps up the gradient, written out by hand.
by_hand = torch.zeros(4, 8, requires_grad=True)
for _ in range(5):
    loss = torch.nn.functional.cross_entropy(model(x + by_hand), label)
    (grad,) = torch.autograd.grad(loss, by_hand)
    with torch.no_grad():
        by_hand += 0.1 * grad
print("same perturbation as gradient ascent written out by hand:", torch.allclose(delta, by_hand))
