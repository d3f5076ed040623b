"""Bytes of a site export to lines: encodings (UTF-8 with or without BOM, UTF-16 with BOM,
cp1252/latin-1), line ends (LF, CRLF, CR) and the split into hands.

Size limit: :data:`MAX_BYTES` per file (the readers are linear in their input).
"""

from __future__ import annotations

import codecs
import re
from typing import List, Tuple

from .errors import HHError

MAX_BYTES = 256 * 1024 * 1024

#: the first line of a hand, per site
HEADERS = (
    ("pokerstars", re.compile(r"^PokerStars (?:Zoom |Home Game |Home Game #\d+: )?(?:Hand|Game) #")),
    ("ggpoker", re.compile(r"^Poker Hand #")),
    ("winamax", re.compile(r"^Winamax Poker - ")),
    ("fulltilt", re.compile(r"^(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #")),
    ("888poker", re.compile(r"^\*{4,5} ?(?:888(?:poker)?|Cassava|Pacific Poker)(?:\.[a-z]{2})?(?:-[a-z]{2})?"
                            r" (?:Snap Poker |BLAST )?Hand History for Game ")),
    ("partypoker", re.compile(r"^\*{5} Hand History [Ff]or Game ")),
)
# what every pattern of HEADERS begins with
_HEADER_PREFIXES = ("Poker", "Winamax Poker - ", "Full", "****")


def decode(data: bytes, file: str = "") -> str:
    """Text of a file: a byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise UTF-8, and
    cp1252 (which reads latin-1 too) where the bytes are not UTF-8.

    Raises
    ------
    HHError
        For NUL bytes without a UTF-16 byte-order mark (UTF-16 text without its mark) and files
        above :data:`MAX_BYTES`.

    Examples
    --------
    >>> decode(b"\\xef\\xbb\\xbfWinamax 1.50\\xe2\\x82\\xac")
    'Winamax 1.50€'
    >>> decode("1.50€".encode("cp1252"))
    '1.50€'
    >>> decode("x€".encode("utf-16"))
    'x€'
    """
    if len(data) > MAX_BYTES:
        raise HHError(f"file is {len(data)} bytes; the limit is {MAX_BYTES}", file=file)
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8", file)
    if data.startswith(codecs.BOM_UTF16_LE) or data.startswith(codecs.BOM_UTF16_BE):
        return _strict(data, "utf-16", file)
    if b"\x00" in data:
        line = data[:data.index(b"\x00")].count(b"\n") + 1
        raise HHError("NUL bytes in the text: UTF-16 without a byte-order mark, or not a text "
                      "export", file=file, line=line)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace").replace("\ufffd", "?")


def _strict(data: bytes, encoding: str, file: str) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n" if encoding == "utf-8" else "\n".encode("utf-16-le")) + 1
        raise HHError(f"not valid {encoding} after its byte-order mark ({exc.reason})",
                      file=file, line=line) from None
    return text[1:] if text.startswith("\ufeff") else text


def split_hands(text: str) -> List[Tuple[str, int, List[str]]]:
    """``(site, first line number, lines)`` for every hand in the text, in order; lines before
    the first hand and blank lines at hand ends are dropped; every line is stripped."""
    # whole-list passes (C loops) instead of a Python test per line: only the lines that begin
    # like a header ("Poker...", "Winamax Poker - ") meet the header patterns
    if "\ufeff" in text:
        lines = [raw.strip().lstrip("\ufeff") for raw in text.splitlines()]
    else:
        lines = [raw.strip() for raw in text.splitlines()]
    starts: List[Tuple[int, str]] = []
    for number in [k for k, line in enumerate(lines) if line.startswith(_HEADER_PREFIXES)]:
        for name, pattern in HEADERS:
            if pattern.match(lines[number]):
                starts.append((number, name))
                break
    hands: List[Tuple[str, int, List[str]]] = []
    for k, (first, site) in enumerate(starts):
        hand_lines = lines[first:starts[k + 1][0] if k + 1 < len(starts) else len(lines)]
        while hand_lines and not hand_lines[-1]:
            hand_lines.pop()
        hands.append((site, first + 1, hand_lines))
    return hands
