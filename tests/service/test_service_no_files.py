"""The service reads no file: a path sent as PHH text is PHH text (issue 32 item 1).

Against the session's real server on 127.0.0.1: whatever path a client sends, the answer is the
same "not valid TOML" refusal, telling nothing about the server's files (which exist, what they
hold, what kind they are), and nothing blocks (a FIFO path is answered at once).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from service_helpers import detail

HEADS_UP = ("variant = 'PO'\nmin_bet = 2\nblinds_or_straddles = [1, 2]\n"
            "starting_stacks = [50, 80]\nactions = ['p2 f']\n")


def _replay(client: Any, text: str) -> Any:
    return client.post("/v1/phh/replay", json={"text": text}, timeout=20.0)


def test_a_path_is_replayed_as_text_and_refused_as_bad_phh(client: Any, tmp_path: Path) -> None:
    valid = tmp_path / "hand.phh"
    valid.write_text(HEADS_UP)  # a valid history the server could read, if it read files
    (tmp_path / "dir").mkdir()
    paths = [str(valid), str(tmp_path / "dir"), str(tmp_path / "missing.phh"), "/etc/hostname",
             "/proc/self/environ", "/dev/null", "relative/name.phh"]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        paths.append(str(tmp_path / "pipe"))
    messages = set()
    for path in paths:
        started = time.monotonic()
        answer = _replay(client, path)
        assert time.monotonic() - started < 10.0  # nothing blocks on a FIFO
        assert answer.status_code == 422, (path, answer.text)
        entry = detail(answer)
        assert entry["type"] == "PHHError" and entry["loc"] == ["body", "text"]
        assert "not valid TOML" in entry["msg"]
        for leak in ("No such file", "directory", "regular file", "NUL", "p2 f", "50, 80"):
            assert leak not in answer.text, (path, answer.text)
        messages.add(entry["msg"])
    # the message depends on the text's shape only (TOML says where it stopped), never on files
    assert len(messages) <= 2, messages
    assert _replay(client, HEADS_UP).json()["finishing_stacks"] == [51, 79]


@pytest.mark.parametrize("text", ["/dev/zero", "/dev/urandom", "/proc/self/mem"])
def test_devices_named_in_the_text_are_not_read(client: Any, text: str) -> None:
    answer = _replay(client, text)
    assert answer.status_code == 422 and "not valid TOML" in detail(answer)["msg"]
    assert client.get("/healthz").status_code == 200
