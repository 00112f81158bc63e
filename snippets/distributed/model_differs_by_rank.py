# raises: RuntimeError
# fixed-by: distributed/same_model_every_rank
# cause: a submodule attached to the model on rank 0 only (a probe meant for rank 0's logging)
import datetime
import os
import sys
import tempfile

import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def build_model(rank):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
    if rank == 0:
        model.probe = nn.Linear(3, 3)  # for rank 0's logs, but now part of the model
    return model


def wrap(rank, rendezvous):
    # Both processes meet at one file; a collective waits at most 30 seconds for the other.
    dist.init_process_group("gloo", init_method="file://" + rendezvous, rank=rank, world_size=2,
                            timeout=datetime.timedelta(seconds=30))
    return DDP(build_model(rank))


def rank_1(rendezvous):
    # Only rank 0 prints: rank 1's Python output, and what PyTorch's C++ code writes, go nowhere.
    sys.stdout = sys.stderr = open(os.devnull, "w")
    os.dup2(sys.stdout.fileno(), 1)
    os.dup2(sys.stdout.fileno(), 2)
    wrap(1, rendezvous)


if __name__ == "__main__":
    rendezvous = os.path.join(tempfile.mkdtemp(), "rendezvous")
    other = mp.get_context("fork").Process(target=rank_1, args=(rendezvous,))
    other.start()
    try:
        model = wrap(0, rendezvous)
    finally:
        other.join(timeout=60)
        dist.destroy_process_group()  # a notebook runs the next example in this same process
