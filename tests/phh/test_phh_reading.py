"""PHH reading: a ``str`` is text and never a path; file reads are bounded (issue 32 item 1).

The dangerous cases (``/dev/zero``, a FIFO) run in a subprocess with a time-out and a memory
cap, so that a regression shows as a failed test rather than a hung or killed test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from omaha_eval import PHHError
from omaha_eval.game.phh import MAX_PHH_BYTES, hand_from_phh, parse_phh, read_phh

REPO = Path(__file__).resolve().parents[2]
WSOP = REPO.parent / "shared" / "data" / "phh" / "wsop-2023-event43-day5"
HEADS_UP = ("variant = 'PO'\nmin_bet = 2\nblinds_or_straddles = [1, 2]\n"
            "starting_stacks = [50, 80]\nactions = ['p2 f']\n")


def _a_wsop_file() -> Path:
    return sorted(WSOP.glob("*.phh"))[0]


def test_a_str_naming_a_real_file_is_text_not_a_path(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HEADS_UP)
    assert hand_from_phh(path).stacks == (51, 79)           # a Path is a file
    assert read_phh(str(path)).starting_stacks == [50, 80]  # read_phh's str is a file name
    for call in (parse_phh, hand_from_phh):
        with pytest.raises(PHHError, match="not valid TOML") as info:
            call(str(path))  # a str is text: the file is never opened
        assert "50, 80" not in str(info.value)


def test_the_answer_to_a_path_like_str_does_not_depend_on_the_file_system(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("secret = 1\n")
    names = [tmp_path / "dir", tmp_path / "file", tmp_path / "missing", "/etc/hostname",
             "/proc/self/environ"]
    messages = set()
    for name in names:
        with pytest.raises(PHHError) as info:
            parse_phh(str(name))
        messages.add(str(info.value).replace(str(name), "NAME"))
    assert len(messages) <= 2, messages  # the same text for each (TOML's column may differ)
    for message in messages:
        assert "No such file" not in message and "directory" not in message
        assert "a str is PHH text, never a file name" in message


def test_wsop_files_read_by_path_and_by_read_phh() -> None:
    path = _a_wsop_file()
    assert read_phh(path).fields == read_phh(str(path)).fields == parse_phh(path).fields
    assert parse_phh(path.read_text()).fields == read_phh(path).fields


def test_a_big_file_is_refused_by_its_size_before_reading(tmp_path: Path) -> None:
    sparse = tmp_path / "sparse.phh"
    with open(sparse, "wb") as f:
        f.truncate(1 << 30)  # 1 GiB of holes: nothing is read, the size refuses it
    with pytest.raises(PHHError, match=r"sparse\.phh.*larger than the limit of 1,048,576 bytes"):
        hand_from_phh(sparse)
    exact = tmp_path / "exact.phh"
    exact.write_text(HEADS_UP)
    size = len(HEADS_UP.encode())
    assert read_phh(exact, max_bytes=size).n_players == 2
    with pytest.raises(PHHError, match=rf"exact\.phh.*larger than the limit of {size - 1} bytes"):
        read_phh(exact, max_bytes=size - 1)


def test_text_and_bytes_above_the_limit_are_refused() -> None:
    with pytest.raises(PHHError, match="more than the limit"):
        parse_phh("#" * (MAX_PHH_BYTES + 1))
    with pytest.raises(PHHError, match="more than the limit"):
        parse_phh(b"#" * (MAX_PHH_BYTES + 1))
    with pytest.raises(PHHError, match="more than the limit of 10"):
        parse_phh(HEADS_UP, max_bytes=10)


def test_directories_and_missing_files_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(PHHError, match="not a regular file"):
        read_phh(tmp_path)
    with pytest.raises(PHHError, match=r"cannot read '.*missing\.phh': No such file"):
        read_phh(tmp_path / "missing.phh")
    with pytest.raises(PHHError, match="cannot read"):
        read_phh("a\0b")
    with pytest.raises(PHHError, match="file name"):
        read_phh(3)  # type: ignore[arg-type]


def _run_isolated(code: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter with 1.5 GB of address space at most (so an unbounded
    read fails fast instead of eating the machine's memory) and a time-out."""
    prologue = ("import resource\n"
                "resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29))\n")
    return subprocess.run([sys.executable, "-c", prologue + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_never_read() -> None:
    done = _run_isolated("""
        from pathlib import Path
        from omaha_eval import PHHError
        from omaha_eval.game.phh import hand_from_phh, read_phh
        for call, source in ((hand_from_phh, "/dev/zero"), (hand_from_phh, Path("/dev/zero")),
                             (read_phh, "/dev/zero")):
            try:
                call(source)
            except PHHError as exc:
                print(type(exc).__name__, exc)
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    assert "not valid TOML" in lines[0]  # the str: text
    assert lines[1] == lines[2] == "PHHError cannot read '/dev/zero': not a regular file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    done = _run_isolated(f"""
        from pathlib import Path
        from omaha_eval import PHHError
        from omaha_eval.game.phh import hand_from_phh
        try:
            hand_from_phh(Path({str(fifo)!r}))
        except PHHError as exc:
            print(exc)
    """, timeout=30.0)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"cannot read {str(fifo)!r}: not a regular file"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_proc_files_that_claim_size_zero_are_read_within_the_limit() -> None:
    # /proc files are regular files of size 0: the read itself must stop at the limit
    with pytest.raises(PHHError, match="larger than the limit of 16 bytes"):
        read_phh("/proc/self/status", max_bytes=16)
