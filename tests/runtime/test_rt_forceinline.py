"""__forceinline__ on recursive device functions builds and runs on the CPU backend."""


def test_recursive_forceinline_functions(run):
    run("forceinline")
