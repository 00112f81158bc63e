# reference: same gradients as the derivative by hand
import copy

import torch
from torch import nn

torch.manual_seed(0)
student = nn.Linear(4, 2)
teacher = copy.deepcopy(student).requires_grad_(False)  # frozen before it is ever used
opt = torch.optim.SGD(student.parameters(), lr=0.1)
x = torch.randn(8, 4)
noisy = x + 0.1 * torch.randn(8, 4)  # the student sees a perturbed copy

consistency = (student(noisy) - teacher(x)).pow(2).mean()  # the teacher's output is a constant here
opt.zero_grad()
consistency.backward()
opt.step()

with torch.no_grad():  # the EMA update is not part of any graph
    for t, s in zip(teacher.parameters(), student.parameters()):
        t.mul_(0.99).add_(0.01 * s)

print("teacher.weight.is_leaf:", teacher.weight.is_leaf)
print("teacher.weight.grad:", teacher.weight.grad)
print("student.weight.grad norm:", round(student.weight.grad.norm().item(), 4))

# The reference: the student's first weights drawn again from the seed (the teacher's
# too), and the derivative of mean((W n + b - teacher(x))**2) written out.
torch.manual_seed(0)
first = nn.Linear(4, 2)
with torch.no_grad():
    residual = first(noisy) - first(x)
    d_out = 2 * residual / residual.numel()
    expected = [d_out.T @ noisy, d_out.sum(0)]
params = [student.weight, student.bias]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the derivative by hand:", same and teacher.weight.grad is None)
