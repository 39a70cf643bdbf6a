"""migrate: find, rewrite and verify CUDA-specific code so one source runs on any accelerator or the CPU."""

__version__ = "0.1.0"
