"""Build (if needed) and test the rowops_cuda extension against PyTorch ops.

    python setup.py build_ext --inplace && python test_rowops.py [--out y.bin]
"""
import argparse
import os
import sys

import torch
import torch.nn.functional as F

# The accelerator's device type ("cuda", "xpu", "mps", ...), or "cpu" when there is none.
DEVICE = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import rowops_cuda
except ImportError:  # not built in place: JIT-build it instead
    from torch.utils.cpp_extension import load

    here = os.path.dirname(os.path.abspath(__file__))
    rowops_cuda = load(
        name="rowops_cuda",
        sources=[os.path.join(here, "rowops_kernel.cu")],
        extra_cuda_cflags=["-O3"],
        verbose=False,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.environ.get("CORPUS_OUT"))
    args = parser.parse_args()

    torch.manual_seed(0)
    device = torch.device(DEVICE, 0)
    # Inputs come from a seeded CPU generator, so every device computes on the same numbers.
    g = torch.Generator().manual_seed(17)
    x = torch.randn(384, 1000, generator=g).to(device)
    bias = (torch.randn(1000, generator=g) * 0.1).to(device)

    y = rowops_cuda.bias_gelu(x, bias)
    ref_y = F.gelu(x + bias, approximate="tanh")
    err_gelu = (y - ref_y).abs().max().item()

    s = rowops_cuda.row_sumsq(x)
    ref_s = (x.double() ** 2).sum(dim=1)
    rel_sumsq = ((s.double() - ref_s).abs() / ref_s).max().item()

    xh = x.half()
    yh = rowops_cuda.bias_gelu(xh, bias.half())
    err_half = (yh.float() - F.gelu(xh.float() + bias.half().float(), approximate="tanh")).abs().max().item()
    torch.get_device_module().synchronize()

    print(f"checksum_gelu = {y.double().sum().item():.10e}")
    print(f"checksum_sumsq = {s.double().sum().item():.10e}")
    print(f"max_err_gelu = {err_gelu:.6e}")
    print(f"max_rel_err_sumsq = {rel_sumsq:.6e}")
    print(f"max_err_gelu_half = {err_half:.6e}")

    if args.out:
        y.cpu().numpy().astype("<f4").tofile(args.out)

    ok = err_gelu < 1e-5 and rel_sumsq < 1e-5 and err_half < 1e-2
    print("PASS" if ok else "FAIL")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
