# reference: same gradients as each loss on its own
import torch
import torch.nn.functional as F

torch.manual_seed(0)
body = torch.nn.Linear(4, 8)
class_head, box_head = torch.nn.Linear(8, 3), torch.nn.Linear(8, 2)
x = torch.randn(16, 4)
labels, boxes = torch.randint(0, 3, (16,)), torch.randn(16, 2)

features = torch.relu(body(x))
class_loss = F.cross_entropy(class_head(features), labels)
box_loss = F.mse_loss(box_head(features), boxes)
loss = class_loss + box_loss  # arithmetic on the tensors is recorded (so is torch.stack(...).sum())
loss.backward()
print("loss.grad_fn:", loss.grad_fn.name(), end=" | ")
print(f"body.weight.grad norm {body.weight.grad.norm():.3f}")

# The reference: each loss differentiated on its own, from a fresh forward. The body gets
# the sum of the two gradients; each head, the gradient of its own loss.
features = torch.relu(body(x))
class_loss = F.cross_entropy(class_head(features), labels)
box_loss = F.mse_loss(box_head(features), boxes)
body_params = list(body.parameters())
by_class = torch.autograd.grad(class_loss, [*body_params, *class_head.parameters()], retain_graph=True)
by_box = torch.autograd.grad(box_loss, [*body_params, *box_head.parameters()])
expected = [by_class[0] + by_box[0], by_class[1] + by_box[1], *by_class[2:], *by_box[2:]]
grads = [p.grad for module in (body, class_head, box_head) for p in module.parameters()]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, expected))
print("same gradients as each loss on its own:", same)
