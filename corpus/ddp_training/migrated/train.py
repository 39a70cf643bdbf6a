"""Train a small conv net on synthetic data with DistributedDataParallel.

Run with:  torchrun --nproc_per_node=N train.py [--steps 30] [--out losses.bin]
A plain `python train.py` also works (one process, world size 1).
"""
import argparse
import os

import numpy as np
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

# The accelerator's device type ("cuda", "xpu", "mps", ...), or "cpu" when there is none.
DEVICE = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"


class SmallNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.fc1 = nn.Linear(32 * 8 * 8, 128)
        self.fc2 = nn.Linear(128, num_classes)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        return self.fc2(F.relu(self.fc1(x)))


def synthetic_batch(step, rank, batch_size, generator):
    """Class-dependent blobs, so the net can learn something quickly."""
    labels = torch.randint(0, 10, (batch_size,), generator=generator)
    base = torch.randn(batch_size, 3, 16, 16, generator=generator) * 0.5
    pattern = torch.linspace(-1.0, 1.0, 16).view(1, 1, 1, 16)
    images = base + pattern * (labels.view(-1, 1, 1, 1).float() - 4.5) / 4.5
    return images, labels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--out", default=os.environ.get("CORPUS_OUT"))
    args = parser.parse_args()

    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    if "RANK" not in os.environ:
        os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
        os.environ.setdefault("MASTER_PORT", "29531")
        os.environ["RANK"] = "0"
        os.environ["WORLD_SIZE"] = "1"

    torch.get_device_module().set_device(local_rank)
    dist.init_process_group(torch.distributed.get_default_backend_for_device(DEVICE))
    rank = dist.get_rank()
    world_size = dist.get_world_size()

    torch.manual_seed(1234)
    torch.backends.cudnn.deterministic = True
    # migrate: manual[torch-backends-cudnn] torch.backends.cudnn.benchmark configures cuDNN alone; left as it is: cuDNN autotuning has no portable switch and does nothing elsewhere
    torch.backends.cudnn.benchmark = False

    model = SmallNet().to(DEVICE)
    model = DDP(model, device_ids=[local_rank] if torch.accelerator.is_available() else None, output_device=local_rank if torch.accelerator.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    scaler = torch.amp.GradScaler(DEVICE)

    gen = torch.Generator().manual_seed(100 + rank)
    losses = []
    for step in range(args.steps):
        images, labels = synthetic_batch(step, rank, args.batch_size, gen)
        images = images.to(DEVICE, non_blocking=True)
        labels = labels.to(f"{DEVICE}:{local_rank}")

        optimizer.zero_grad(set_to_none=True)
        with torch.amp.autocast(DEVICE):
            logits = model(images)
            loss = F.cross_entropy(logits, labels)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()

        # Average the loss over ranks for reporting.
        reported = loss.detach().float().clone()
        dist.all_reduce(reported, op=dist.ReduceOp.SUM)
        reported /= world_size
        losses.append(reported.item())
        if rank == 0:
            print(f"step {step:3d} loss {losses[-1]:.6f}")

    torch.get_device_module().synchronize()
    if rank == 0:
        first = sum(losses[:5]) / 5
        last = sum(losses[-5:]) / 5
        print(f"world_size = {world_size}")
        print(f"loss_first = {losses[0]:.8f}")
        print(f"loss_last = {losses[-1]:.8f}")
        print(f"loss_first5_mean = {first:.8f}")
        print(f"loss_last5_mean = {last:.8f}")
        print(f"grad_scale = {scaler.get_scale():.1f}")
        if args.out:
            np.asarray(losses, dtype=np.float32).tofile(args.out)
        ok = all(np.isfinite(losses)) and last < 0.7 * first
        print("PASS" if ok else "FAIL")
    else:
        ok = True
    dist.barrier()
    dist.destroy_process_group()
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
