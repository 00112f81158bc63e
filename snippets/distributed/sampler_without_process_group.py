# raises: ValueError (RuntimeError before 2.2)
# fixed-by: distributed/sampler_with_process_group
# cause: a script written for torchrun (DistributedSampler, dist.get_rank) started with plain `python`, which never calls init_process_group
import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(8, 3), torch.randint(0, 2, (8,)))
# Under torchrun every rank calls dist.init_process_group() first; this script never does.
sampler = DistributedSampler(dataset, shuffle=True, seed=0)
loader = DataLoader(dataset, batch_size=4, sampler=sampler)
print(len(loader), "batches")
