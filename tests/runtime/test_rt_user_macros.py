"""The runtime's headers under a program's own short macros (error, check, fail, warn, verify)."""


def test_headers_build_under_common_user_macros(run):
    run("user_macros")
