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
