import torch

scores = torch.tensor([0.2, -1.5, 3.0], requires_grad=True)
doubled = scores * 2
positive = scores > 0  # a comparison gives bools
best = scores.argmax()  # an index
as_int = scores.long()  # an integer copy
rounded = scores.round()  # still float: recorded, with a gradient of zero everywhere

for name, result in [("scores * 2", doubled), ("scores > 0", positive), ("scores.argmax()", best),
                     ("scores.long()", as_int), ("scores.round()", rounded)]:
    print(f"{name:<16} dtype {str(result.dtype):<14} requires_grad {result.requires_grad}")
