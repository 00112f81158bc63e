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
