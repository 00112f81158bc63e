import torch

x = torch.tensor(2.0, requires_grad=True)
calls = []


def record_call(grad):
    calls.append(grad.item())


handle = x.register_hook(record_call)  # stays on x

for step in range(3):
    if step == 2:
        handle.remove()  # the third pass runs without it
    (x * x).backward()
    print(f"after pass {step + 1}: hook calls {calls}")

print("x.grad (accumulated over 3 passes):", x.grad)
