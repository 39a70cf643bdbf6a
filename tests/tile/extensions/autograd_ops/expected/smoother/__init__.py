import importlib.machinery
import os.path as osp

import torch

for library in ["_blend"]:
    spec = importlib.machinery.PathFinder().find_spec(f"{library}_cuda", [osp.dirname(__file__)]) or \
        importlib.machinery.PathFinder().find_spec(f"{library}_cpu", [osp.dirname(__file__)])
    torch.ops.load_library(spec.origin)

import importlib.util

if importlib.util.find_spec("triton") is not None:  # torch's GPU builds bring Triton; its CPU build serves alone
    from . import _ops_triton
