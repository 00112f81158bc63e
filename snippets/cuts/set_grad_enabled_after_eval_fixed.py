# reference: same gradients and weights as plain SGD steps
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
x_val, y_val = torch.randn(8, 4), torch.randint(0, 3, (8,))


def run(model, x, y, opt=None):
    with torch.set_grad_enabled(model.training):  # one function for training and validation
        loss = F.cross_entropy(model(x), y)
    if opt is not None:
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


for epoch in range(2):
    model.train()  # every epoch starts in training mode, whatever validation left behind
    train_loss = run(model, x, y, opt)
    model.eval()
    val_loss = run(model, x_val, y_val)
    print(f"epoch {epoch}: train loss {train_loss:.3f} | val loss {val_loss:.3f}")

# The reference: the two training steps written out plainly from the same start, without
# run(), set_grad_enabled or the optimizer: each step's gradient, then w - 0.1 * gradient.
torch.manual_seed(0)
plain = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
for epoch in range(2):
    grads = torch.autograd.grad(F.cross_entropy(plain(x), y), list(plain.parameters()))
    with torch.no_grad():
        for w, g in zip(plain.parameters(), grads):
            w -= 0.1 * g
pairs = list(zip(model.parameters(), plain.parameters(), grads))  # grads: the last step's
same = all(p.grad is not None and torch.allclose(p.grad, g) and torch.allclose(p, w) for p, w, g in pairs)
print("same gradients and weights as plain SGD steps:", same)
