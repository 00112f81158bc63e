import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

with torch.no_grad():
    a = x * 2
    a_head = a[:1]  # a slice: normally recorded as a view of a
with torch.inference_mode():
    b = x * 2
    b_head = b[:1]

# _is_view() is internal; it is used here only to look at the bookkeeping
for mode, result, head in [("no_grad", a, a_head), ("inference_mode", b, b_head)]:
    print(
        f"{mode:<14}  requires_grad {result.requires_grad}",
        f"| is_inference {result.is_inference()!s:<5} | slice is a view {head._is_view()}",
    )
