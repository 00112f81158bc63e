import os

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
if "RANK" in os.environ:
    # Started by torchrun, which gives every process RANK, WORLD_SIZE, MASTER_ADDR and
    # MASTER_PORT: the default env:// rendezvous reads them, and the processes meet there.
    dist.init_process_group("gloo")  # "nccl" on GPUs
else:
    # Started with plain `python`: a world of one process, with nobody to meet. Its store
    # lives in this process's memory, so no port or file is shared with other runs.
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
dataset = TensorDataset(torch.randn(8, 3), torch.randint(0, 2, (8,)))
sampler = DistributedSampler(dataset, shuffle=True, seed=0)
loader = DataLoader(dataset, batch_size=4, sampler=sampler)
print(len(loader), "batches on rank", dist.get_rank(), "of", dist.get_world_size())
# Wait for every rank: one that tears the group down while another is still connecting
# to it makes that one fail.
dist.barrier()
dist.destroy_process_group()
