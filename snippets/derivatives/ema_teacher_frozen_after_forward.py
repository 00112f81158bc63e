# raises: RuntimeError
# fixed-by: derivatives/ema_teacher_frozen_before_forward
# cause: a mean-teacher loop freezes the teacher with requires_grad_(False) after its forward and updates it in place from the student, outside no_grad
import copy

import torch
from torch import nn

torch.manual_seed(0)
student = nn.Linear(4, 2)
teacher = copy.deepcopy(student)  # its parameters still require grad
opt = torch.optim.SGD(student.parameters(), lr=0.1)
x = torch.randn(8, 4)
noisy = x + 0.1 * torch.randn(8, 4)  # the student sees a perturbed copy

consistency = (student(noisy) - teacher(x)).pow(2).mean()  # the graph records teacher.weight as a leaf

for t, s in zip(teacher.parameters(), student.parameters()):
    t.requires_grad_(False)  # "the teacher is not trained"
    t.mul_(0.99).add_(0.01 * s)  # s requires grad, so t is now the output of AddBackward0

print("teacher.weight.is_leaf:", teacher.weight.is_leaf)
opt.zero_grad()
consistency.backward()
