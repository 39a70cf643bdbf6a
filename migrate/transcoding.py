"""The text view matching and planning read: a file's bytes as UTF-8 with `\\n` lines, and the way back to its bytes."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

UTF16_BOMS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
NON_ASCII = re.compile(r"[^\x00-\x7f]")


class UntranscodableError(ValueError):
    """Migrated text that the file's own encoding cannot hold."""


@dataclass(frozen=True)
class TextView:
    """`data` is what the matcher reads; `codec`, `bom` and `cr_only` say how to turn migrated view bytes back.

    A UTF-8 file (with or without a BOM, LF or CRLF lines) is its own view. Other files are decoded (latin-1 when
    they are not UTF-8, UTF-16 when they start with its byte-order mark) and re-encoded as UTF-8, and a file whose
    lines end in a lone CR reads with LF; both keep their byte offsets apart from the transcoding.
    """

    data: bytes
    codec: str = "utf-8"
    bom: bytes = b""
    cr_only: bool = False
    _points: list[tuple[int, int, int]] = field(default_factory=list, compare=False, repr=False)

    @property
    def transcoded(self) -> bool:
        """Whether view offsets differ from the file's byte offsets."""
        return self.codec != "utf-8"

    def restore(self, migrated: bytes) -> bytes:
        """The file bytes of migrated view bytes; raises UntranscodableError when the encoding cannot hold them."""
        if self.cr_only:
            migrated = migrated.replace(b"\r\n", b"\r").replace(b"\n", b"\r")
        if not self.transcoded:
            return migrated
        try:
            return self.bom + migrated.decode("utf-8").encode(self.codec)
        except UnicodeError as exc:
            raise UntranscodableError(
                f"the migrated text holds {exc.object[exc.start : exc.end]!r}, which {self.codec} (the file's encoding) cannot hold"
            ) from None

    def to_original(self, offset: int) -> int:
        """The file's byte offset of a view offset (the same number unless the file was transcoded)."""
        if not self.transcoded:
            return offset
        # Each point: the view offset of a non-ASCII character, view bytes and file bytes saved before it.
        index = bisect.bisect_right(self._points, offset, key=lambda point: point[0])
        extra_view, extra_file = (self._points[index - 1][1], self._points[index - 1][2]) if index else (0, 0)
        chars = offset - extra_view
        width = 2 if self.codec.startswith("utf-16") else 1
        return len(self.bom) + chars * width + extra_file


def _points(text: str, codec: str) -> list[tuple[int, int, int]]:
    """Running sums over the non-ASCII characters of `text` that turn view offsets into file offsets."""
    points: list[tuple[int, int, int]] = []
    extra_view = extra_file = 0
    last_char = 0
    view = 0
    for hit in NON_ASCII.finditer(text):
        char = hit.group()
        view += hit.start() - last_char
        extra_view += len(char.encode("utf-8")) - 1
        if codec.startswith("utf-16") and ord(char) > 0xFFFF:
            extra_file += 2
        view += len(char.encode("utf-8"))
        last_char = hit.end()
        points.append((view, extra_view, extra_file))
    return points


def decode_view(data: bytes) -> TextView:
    """The view of a file's bytes; never raises."""
    bom = data[:2]
    if (
        bom in UTF16_BOMS and b"\0" in data
    ):  # latin-1 text may start with the same two bytes, but holds no NUL
        codec = UTF16_BOMS[bom]
        try:
            text = data[2:].decode(codec)
        except UnicodeDecodeError:
            text = None
        if text is not None:
            return _with_lines(text, codec, bom)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return _with_lines(data.decode("latin-1"), "latin-1", b"")
    if b"\r" in data and b"\n" not in data:
        return TextView(data.replace(b"\r", b"\n"), cr_only=True)
    return TextView(data)


def _with_lines(text: str, codec: str, bom: bytes) -> TextView:
    cr_only = "\r" in text and "\n" not in text
    if cr_only:
        text = text.replace("\r", "\n")
    return TextView(text.encode("utf-8"), codec, bom, cr_only, _points(text, codec))
