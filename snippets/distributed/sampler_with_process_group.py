import os
import tempfile

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
# torchrun sets RANK and WORLD_SIZE; run as plain `python`, fall back to one process.
rank, world_size = int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))
dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=rank, world_size=world_size)
dataset = TensorDataset(torch.randn(8, 3), torch.randint(0, 2, (8,)))
sampler = DistributedSampler(dataset, shuffle=True, seed=0)
loader = DataLoader(dataset, batch_size=4, sampler=sampler)
print(len(loader), "batches on rank", dist.get_rank(), "of", dist.get_world_size())
dist.destroy_process_group()
