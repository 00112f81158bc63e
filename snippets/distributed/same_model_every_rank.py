import datetime
import gc
import os
import sys
import tempfile

import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


def build_model(rank):
    # The same modules on every rank; what only rank 0 needs stays outside the model.
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))


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
    dist.destroy_process_group()


if __name__ == "__main__":
    rendezvous = os.path.join(tempfile.mkdtemp(), "rendezvous")
    # In a notebook, a DDP that an earlier cell failed to build may still hold threads: freed before the fork.
    gc.collect()
    other = mp.get_context("fork").Process(target=rank_1, args=(rendezvous,))
    other.start()
    try:
        model = wrap(0, rendezvous)
        print("rank 0 of", dist.get_world_size(), "wrapped", len(list(model.parameters())), "parameters")
        dist.destroy_process_group()
    finally:
        other.join(timeout=60)
    print("rank 1 exit code:", other.exitcode)
