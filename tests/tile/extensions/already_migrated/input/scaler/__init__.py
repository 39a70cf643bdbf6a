import torch

from . import _C
import importlib.util

if importlib.util.find_spec("triton") is not None:  # torch's GPU builds bring Triton; its CPU build serves alone
    from . import _C_triton

__all__ = ["scale_add"]


def scale_add(x, y, alpha):
    return torch.ops.scaler.scale_add.default(x, y, alpha)
