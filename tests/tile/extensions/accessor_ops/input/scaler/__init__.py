import torch

from . import _C

__all__ = ["pair_scale"]


def pair_scale(x, alpha):
    return torch.ops.scaler.pair_scale.default(x, alpha)
