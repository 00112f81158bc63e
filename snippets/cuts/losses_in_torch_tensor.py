# raises: RuntimeError
# fixed-by: cuts/losses_in_torch_tensor_fixed
# cause: two losses combined with torch.tensor([...]) instead of arithmetic on the tensors
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
loss = torch.tensor([class_loss, box_loss]).sum()  # a new tensor, built from two plain numbers
print("class_loss.requires_grad:", class_loss.requires_grad, end=" | ")
print("loss.requires_grad:", loss.requires_grad)
loss.backward()
