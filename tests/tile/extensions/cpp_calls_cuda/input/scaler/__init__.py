import torch

from . import _C

__all__ = ["scale_add"]


def scale_add(x, y, alpha):
    return torch.ops.scaler.scale_add.default(x, y, alpha)
