# raises: ValueError
# fixed-by: optim/maximize_for_ascent
# cause: a negative learning rate is passed to make the optimizer climb the objective (an adversarial perturbation, a discriminator or critic, a likelihood to maximise), and every optimizer refuses a learning rate below 0
import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 3)
model.requires_grad_(False)
x, label = torch.randn(4, 8), torch.tensor([0, 2, 1, 0])

# an adversarial perturbation: climb the classifier's loss
delta = torch.zeros(4, 8, requires_grad=True)
opt = torch.optim.SGD([delta], lr=-0.1)  # minus, to go up instead of down
