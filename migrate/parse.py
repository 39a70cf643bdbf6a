"""tree-sitter parsers and compiled queries, one per language, built lazily and reused within a process."""

from __future__ import annotations

from functools import cache

import tree_sitter as ts

GRAMMARS = ("cuda", "python")


@cache
def language(name: str) -> ts.Language:
    """The tree-sitter Language for `cuda` (CUDA, C and C++) or `python`."""
    if name == "cuda":
        import tree_sitter_cuda as grammar
    elif name == "python":
        import tree_sitter_python as grammar
    else:
        raise ValueError(f"no tree-sitter grammar for {name!r}; known: {', '.join(GRAMMARS)}")
    return ts.Language(grammar.language())


@cache
def parser(name: str) -> ts.Parser:
    return ts.Parser(language(name))


@cache
def query(name: str, source: str) -> ts.Query:
    """A compiled query; raises ValueError naming the problem when the query does not compile."""
    try:
        return ts.Query(language(name), source)
    except (ts.QueryError, NameError, SyntaxError) as exc:  # QueryError in tree-sitter 0.26
        raise ValueError(str(exc)) from None


def parse(name: str, data: bytes) -> ts.Tree:
    return parser(name).parse(data)


def first_error(root: ts.Node) -> ts.Node | None:
    """The first ERROR or MISSING node in document order, or None when the tree is clean."""
    if not root.has_error:
        return None
    cursor = [root]
    while cursor:
        node = cursor.pop()
        if node.is_error or node.is_missing:
            return node
        cursor.extend(reversed([child for child in node.children if child.has_error or child.is_missing]))
    return None
