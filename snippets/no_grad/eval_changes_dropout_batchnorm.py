import torch

torch.manual_seed(0)
drop = torch.nn.Dropout(p=0.5)
x = torch.ones(8)
print("dropout train:", drop(x))  # zeroes some, scales the rest by 1/(1-p)
drop.eval()
print("dropout eval: ", drop(x))  # identity

bn = torch.nn.BatchNorm1d(1)
batch = torch.tensor([[1.0], [3.0]])
print("batchnorm train:", bn(batch).flatten())  # this batch's mean and variance
bn.eval()
print("batchnorm eval: ", bn(batch).flatten())  # running statistics instead
print("running mean, var:", bn.running_mean, bn.running_var)
