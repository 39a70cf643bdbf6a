import torch

from . import _C
import importlib.util

if importlib.util.find_spec("triton") is not None:  # torch's GPU builds bring Triton; its CPU build serves alone
    from . import _C_triton

__all__ = ["pair_scale"]


def pair_scale(x, alpha):
    return torch.ops.scaler.pair_scale.default(x, alpha)
