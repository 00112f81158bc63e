import torch
import torch.nn.functional as F


def test_step(model, loader):
    model.eval()
    test_loss, test_acc = 0, 0
    with torch.inference_mode():
        for X, y in loader:
            logits = model(X)
            test_loss += F.cross_entropy(logits, y)
            test_acc += (logits.argmax(1) == y).float().mean()
        test_loss /= len(loader)  # indented: still inside the block
        test_acc /= len(loader)
    return test_loss, test_acc


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
loader = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(3)]
test_loss, test_acc = test_step(model, loader)
print(f"test loss {test_loss.item():.4f} | test accuracy {test_acc.item():.4f}")
print("test_loss.is_inference():", test_loss.is_inference())  # made by adding to it inside the block
