"""The copy of a C/C++/CUDA file that the scan parses: statement-like macro lines made statements, offsets kept."""

from __future__ import annotations

from migrate.match import _statement_macros


def test_call_macros_get_the_semicolon_they_lack_in_place_of_their_newline() -> None:
    data = b"int f() {\n    CHECK( cudaMalloc(&p, n))\n    CHECK( cudaFree(p))\n    return 0;\n}\n"
    out = _statement_macros(data)
    assert out == b"int f() {\n    CHECK( cudaMalloc(&p, n));    CHECK( cudaFree(p));    return 0;\n}\n"
    assert len(out) == len(data)


def test_bare_macro_lines_are_blanked_and_the_next_line_is_read_after_the_statement_before_them() -> None:
    data = b"void g() {\n    x = 1;\n    CUERR\n\n    CUERR // again\n    SYNC(a)\n    y = 2;\n}\n"
    out = _statement_macros(data)
    # Both CUERR lines follow a statement once the one above is blank, and SYNC(a) follows them in turn.
    assert out == b"void g() {\n    x = 1;\n         \n\n                  \n    SYNC(a);    y = 2;\n}\n"


def test_macro_lines_inside_an_expression_or_a_continuation_stay() -> None:
    unchanged = [
        b"int v = f(a,\n    MACRO(b))\n    + 1;\n",  # the line before does not end a statement
        b"x = 1;\nCALL(a)\n    .next();\n",  # the next line continues the expression
        b"x = 1;\nCALL(a) \\\n    more\n",  # a continued line
        b"x = 1;\nCALL(a) // note\ny = 2;\n",  # a comment after the call
        b"x = 1;\nCALL(a)\n#endif\n",  # a directive follows
    ]
    for data in unchanged:
        assert _statement_macros(data) == data, data


def test_crlf_lines_keep_their_carriage_returns() -> None:
    data = b"x = 1;\r\nCUERR\r\nCHECK(a)\r\ny = 2;\r\n"
    assert _statement_macros(data) == b"x = 1;\r\n     \r\nCHECK(a)\r;y = 2;\r\n"


def test_macro_calls_that_are_statements_already_stay_and_the_lines_after_them_are_read_after_them() -> None:
    data = (b"x = 1;\n    CHECK(cudaFree(p));\n    CUERR\n    CHECK(a);  \r\n    SYNC(b)\n    y = 2;\n"
            b"    CUERR // ends;\n    z = 3;\n")
    out = _statement_macros(data)
    # The `;` lines stay; CUERR and SYNC(b) follow them as they follow any statement; a `;` in a comment ends nothing.
    assert out == (b"x = 1;\n    CHECK(cudaFree(p));\n         \n    CHECK(a);  \r\n    SYNC(b);    y = 2;\n"
                   b"                  \n    z = 3;\n")
    assert len(out) == len(data)
