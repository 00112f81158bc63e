import torch

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
results = {
    "x * 3": x * 3,
    "x.round()": x.round(),  # differentiable, with derivative 0
    "x > 0": x > 0,  # bool
    "x.argmax()": x.argmax(),  # integer
    "x.long()": x.long(),  # integer
}
with torch.no_grad():
    results["x * 3 under no_grad()"] = x * 3
with torch.inference_mode():
    results["x * 3 under inference_mode()"] = x * 3
with torch.set_grad_enabled(False):
    results["x * 3 under set_grad_enabled(False)"] = x * 3

for expression, result in results.items():
    print(f"{expression:36} requires_grad={result.requires_grad!s:5}  dtype={result.dtype}")
