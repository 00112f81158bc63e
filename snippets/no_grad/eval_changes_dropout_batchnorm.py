import torch

torch.manual_seed(0)
drop = torch.nn.Dropout(p=0.5)
x = torch.ones(1000)
# Which elements a seeded draw zeroes differs between processors; the values left do not.
print("dropout train, values:", drop(x).unique())  # zeroed, or scaled by 1/(1-p)
drop.eval()
print("dropout eval, values: ", drop(x).unique())  # identity

bn = torch.nn.BatchNorm1d(1)
batch = torch.tensor([[1.0], [3.0]])
print("batchnorm train:", bn(batch).flatten())  # this batch's mean and variance
bn.eval()
print("batchnorm eval: ", bn(batch).flatten())  # running statistics instead
print("running mean, var:", bn.running_mean, bn.running_var)
