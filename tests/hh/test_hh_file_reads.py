"""read_file reads only a regular file, and at most max_bytes of it (no FIFO, no device)."""

from __future__ import annotations

import os

import pytest

from omaha_eval.errors import HHError
from omaha_eval.hh import MAX_HH_BYTES, read_file

EXAMPLE = os.path.join("examples", "pokerstars-plo8.txt")


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(HHError, match="not a regular file"):
        read_file("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(HHError, match="not a regular file"):
        read_file(fifo)


def test_a_file_above_the_limit_is_refused_by_its_size(tmp_path) -> None:  # type: ignore[no-untyped-def]
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(MAX_HH_BYTES + 1)  # sparse: nothing is written, nothing must be read
    with pytest.raises(HHError, match="larger than the limit"):
        read_file(big)
    small = tmp_path / "small.txt"
    small.write_bytes(b"x" * 100)
    with pytest.raises(HHError, match="limit of 10 bytes"):
        read_file(small, max_bytes=10)


@pytest.mark.skipif(not os.path.exists(EXAMPLE), reason="run from the repository root")
def test_a_regular_file_still_reads() -> None:
    hands = read_file(EXAMPLE)
    assert hands and not any(isinstance(h, HHError) for h in hands)
