"""A block reduction called twice with no barrier after its shared result is read: the warps' order on the CPU."""


def test_leader_reduce(run):
    run("leader_reduce", "cpu")
