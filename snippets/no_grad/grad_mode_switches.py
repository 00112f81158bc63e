import torch

model = torch.nn.Linear(3, 1)
x = torch.ones(2, 3)


@torch.no_grad()  # the whole function runs without recording
def evaluate(model, x):
    return model(x)


def forward(model, x, train):
    with torch.set_grad_enabled(train):  # one code path for training and validation
        return model(x)


print("@torch.no_grad() evaluate:      ", evaluate(model, x).requires_grad)
print("set_grad_enabled(True) forward: ", forward(model, x, train=True).requires_grad)
print("set_grad_enabled(False) forward:", forward(model, x, train=False).requires_grad)
print("recording on again afterwards:  ", torch.is_grad_enabled())
