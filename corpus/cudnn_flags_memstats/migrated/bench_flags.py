"""Time a conv + matmul workload under different cuDNN/TF32 settings and report
memory statistics; check the results against a float64 CPU reference."""
import argparse
import os

import numpy as np
import torch as th
import torch.nn.functional as F
from torch.backends import cudnn
import prt_torch

# The accelerator's device type ("cuda", "xpu", "mps", ...), or "cpu" when there is none.
DEVICE = th.accelerator.current_accelerator().type if th.accelerator.is_available() else "cpu"


def workload(x, w, m):
    y = F.conv2d(x, w, padding=1)
    y = F.relu(y).flatten(1)
    return y @ m


def timed(fn, iters=5):
    start = prt_torch.Event(enable_timing=True)
    end = prt_torch.Event(enable_timing=True)
    fn()  # warm-up (and cuDNN autotuning when benchmark is on)
    th.get_device_module().synchronize()
    start.record()
    for _ in range(iters):
        out = fn()
    end.record()
    end.synchronize()
    return out, start.elapsed_time(end) / iters


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.environ.get("CORPUS_OUT"))
    args = parser.parse_args()

    dev = th.device(DEVICE)
    print(f"device: {prt_torch.get_device_name(0)}")
    major, minor = prt_torch.get_device_capability()
    print(f"capability = {major}.{minor}")
    print(f"cudnn_version = {cudnn.version()}")

    g = th.Generator().manual_seed(7)
    x_cpu = th.randn(8, 16, 32, 32, generator=g)
    w_cpu = th.randn(32, 16, 3, 3, generator=g) * 0.1
    m_cpu = th.randn(32 * 32 * 32, 64, generator=g) * 0.01
    ref = workload(x_cpu.double(), w_cpu.double(), m_cpu.double())

    prt_torch.reset_peak_memory_stats()
    base_mem = prt_torch.memory_allocated()
    x, w, m = x_cpu.to(dev), w_cpu.to(dev), m_cpu.to(DEVICE)
    inputs_mem = prt_torch.memory_allocated() - base_mem

    results = {}
    settings = [
        ("strict", dict(benchmark=False, deterministic=True, tf32=False)),
        ("bench_tf32", dict(benchmark=True, deterministic=False, tf32=True)),
    ]
    for name, s in settings:
        # migrate: manual[torch-backends-cudnn] torch.backends.cudnn.benchmark configures cuDNN alone; left as it is: cuDNN autotuning has no portable switch and does nothing elsewhere
        th.backends.cudnn.benchmark = s["benchmark"]
        th.backends.cudnn.deterministic = s["deterministic"]
        # migrate: manual[torch-backends-cuda] torch.backends.cuda.matmul.allow_tf32 configures CUDA alone; no portable form: TF32 in CUDA matmuls; it does nothing elsewhere, while torch.set_float32_matmul_precision would also lower the precision of CPU matmuls
        th.backends.cuda.matmul.allow_tf32 = s["tf32"]
        # migrate: manual[torch-backends-cudnn] torch.backends.cudnn.allow_tf32 configures cuDNN alone; left as it is: TF32 in cuDNN convolutions has no portable switch (torch.set_float32_matmul_precision covers matmuls only) and does nothing elsewhere
        cudnn.allow_tf32 = s["tf32"]
        out, ms = timed(lambda: workload(x, w, m))
        err = (out.double().cpu() - ref).abs().max().item()
        results[name] = (out, err)
        print(f"time_{name}_ms = {ms:.4f}")
        print(f"max_err_{name} = {err:.6e}")

    th.get_device_module().synchronize()
    peak = prt_torch.max_memory_allocated()
    reserved = prt_torch.memory_reserved()
    print(f"inputs_bytes = {inputs_mem}")
    print(f"peak_allocated_bytes = {peak}")
    print(f"reserved_bytes = {reserved}")
    strict_out = results["strict"][0]
    print(f"checksum_strict = {strict_out.double().sum().item():.10e}")
    print(f"ref_checksum = {ref.sum().item():.10e}")

    if args.out:
        strict_out.float().cpu().numpy().astype("<f4").tofile(args.out)

    strict_err = results["strict"][1]
    tf32_err = results["bench_tf32"][1]
    on_gpu = x.is_cuda
    del x, w, m, strict_out, results
    prt_torch.empty_cache()

    # Strict fp32 must be close to float64; TF32 only loosely (10-bit mantissa).
    scale = ref.abs().max().item()
    # The caching allocator's statistics exist where it runs: on a GPU the inputs must show up in them.
    ok = peak >= inputs_mem >= 0 and (inputs_mem > 0 or not on_gpu)
    ok = ok and strict_err <= 1e-4 * scale and tf32_err <= 2e-2 * scale
    print("PASS" if ok else "FAIL")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
