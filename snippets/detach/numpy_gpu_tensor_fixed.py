import torch

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = torch.nn.Linear(3, 2).to(device)
x = torch.randn(4, 3, device=device)

logits = model(x)
scores = logits.detach().cpu().numpy()  # cpu() copies to host memory; a no-op on the CPU
print("scores:", scores.shape, scores.dtype)
print("numpy(force=True) gives the same values:", (logits.numpy(force=True) == scores).all())
