"""The HTML report: well-formed, self-contained, escaped, with excerpts read from the scanned tree."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from migrate.model import Finding, ScanResult
from migrate.report import render

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Outline(HTMLParser):
    """Collects tags, attributes and text, and checks that every element is closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.extend((tag, name, value or "") for name, value in attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _outline(page: str) -> Outline:
    outline = Outline()
    outline.feed(page)
    outline.close()
    assert not outline.errors and not outline.stack, (outline.errors, outline.stack)
    return outline


def _tree(root: Path) -> None:
    """Write the sources the mixed scan names, with lines that need escaping around the findings."""
    vector_add = [f"// line {n}" for n in range(1, 41)]
    vector_add[12] = '    // d_a <- device buffer & "size"'
    vector_add[13] = "    cudaMalloc(&d_a, bytes);"
    vector_add[14] = '    </script><script src="https://example.com/x.js"></script>'
    (root / "src" / "kernels").mkdir(parents=True)
    (root / "src" / "vector_add.cu").write_text("\n".join(vector_add) + "\n", encoding="utf-8")
    reduce = [f"// reduce {n}" for n in range(1, 31)]
    reduce[6] = "        v += __shfl_down_sync(0xffffffff,"
    reduce[7] = "                              v, o);"
    (root / "src" / "kernels" / "reduce.cu").write_bytes(("\n".join(reduce) + "\n").encode() + b"\xff\xfe")


@pytest.fixture
def page(tmp_path: Path, make_result: Callable[..., ScanResult]) -> str:
    _tree(tmp_path)
    return render(make_result(root=str(tmp_path)), "html")


def test_parses_and_is_self_contained(page: str) -> None:
    outline = _outline(page)
    assert outline.tags.count("html") == 1 and "svg" in outline.tags and "script" in outline.tags
    for tag, name, value in outline.attributes:
        if name in {"src", "href", "xlink:href", "action", "poster", "data"}:
            assert value.startswith("#"), f"<{tag} {name}={value!r}> reaches outside the page"
    assert "link" not in outline.tags and "iframe" not in outline.tags and "img" not in outline.tags
    assert not re.search(r"@import|url\(\s*['\"]?(https?:)?//", page)
    assert "https://example.com/x.js" in page  # only as escaped text of the excerpt


def test_excerpt_shows_context_from_disk_escaped(page: str) -> None:
    assert "<span><b>13</b>    // d_a &lt;- device buffer &amp; &#34;size&#34;</span>" in page
    assert '<span class="target"><b>14</b>    cudaMalloc(&amp;d_a, bytes);</span>' in page
    assert "<span><b>15</b>    &lt;/script&gt;&lt;script src=&#34;https://example.com/x.js&#34;" in page


def test_multiline_site_marks_every_line(page: str) -> None:
    assert '<span class="target"><b>7</b>        v += __shfl_down_sync(0xffffffff,</span>' in page
    assert '<span class="target"><b>8</b>                              v, o);</span>' in page
    assert "<span><b>9</b>// reduce 9</span>" in page


def test_snippet_stands_in_for_unreadable_sources(make_result: Callable[..., ScanResult]) -> None:
    page = render(make_result(root="/nonexistent/tree"), "html")
    _outline(page)
    assert '<span class="target"><b>21</b>    x = batch.cuda()</span>' in page


def test_overview_chart_and_tables(page: str) -> None:
    outline = _outline(page)
    text = " ".join(" ".join(outline.text).split())
    assert "CUDA-specific sites 6" in text and "With an automatic fix 66.7%" in text
    assert 'id="files"' in page and 'class="sortable"' in page
    bars = re.findall(r'<rect class="effort-(\w+)" x="([\d.]+)" y="(\d+)" width="([\d.]+)"', page)
    assert {effort for effort, *_ in bars} == {"none", "low", "medium", "high"}
    assert "src" in text and "(top level)" in text


def test_message_is_escaped(tmp_path: Path, make_result: Callable[..., ScanResult]) -> None:
    evil = Finding(
        "runtime-api",
        "a.cu",
        1,
        1,
        1,
        2,
        "warning",
        "safe",
        "none",
        "<img src=x onerror=alert(1)> & </div>",
        "runtime",
        snippet="<b>",
    )
    page = render(make_result(root=str(tmp_path), findings=(evil,)), "html")
    _outline(page)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt; &amp; &lt;/div&gt;" in page


def test_clean_scan(clean: ScanResult) -> None:
    page = render(clean, "html")
    _outline(page)
    assert "No CUDA-specific code found." in page and "<svg" not in page
