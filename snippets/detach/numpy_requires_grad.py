# raises: RuntimeError
# fixed-by: detach/numpy_detach_fixed
# cause: a parameter converted with .numpy() to log a histogram of its values
import numpy as np
import torch

torch.manual_seed(0)
layer = torch.nn.Linear(3, 2)
counts, edges = np.histogram(layer.weight.numpy(), bins=4)  # for the training log
