# raises: RuntimeError
# fixed-by: cuts/set_grad_enabled_after_eval_fixed
# cause: torch.set_grad_enabled(model.training) while the model is still in eval mode from validation
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
    train_loss = run(model, x, y, opt)  # model.train() is missing at the top of the epoch
    model.eval()
    val_loss = run(model, x_val, y_val)
    print(f"epoch {epoch}: train loss {train_loss:.3f} | val loss {val_loss:.3f}")
