"""``/v1/phh/export`` writes valid TOML whatever the extra field names (issue 32 item 4), and
its text replays through ``/v1/phh/replay`` to the same hand."""

from __future__ import annotations

import sys
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HAND = {"config": {"structure": "pot", "small_blind": 1, "big_blind": 2, "game": "hilo"},
        "stacks": [100, 100, 100], "seed": 7, "actions": [{"action": "fold"}, {"action": "fold"}]}


def test_extra_names_are_quoted_and_read_back(client: Any) -> None:
    extra = {"a\nfinishing_stacks = [0]": "x", 'q"uote': "it's", "a = b": 1, "dotted.key": [1, 2],
             "unicode é ☃": "line\nbreak", "event": "WSOP"}
    r = client.post("/v1/phh/export", json=dict(HAND, extra=extra))
    assert r.status_code == 200, r.text
    text = r.json()["text"]
    fields = tomllib.loads(text)
    for key, value in extra.items():
        assert fields[key] == value
    replayed = client.post("/v1/phh/replay", json={"text": text})
    assert replayed.status_code == 200
    assert replayed.json()["finishing_stacks"] == fields["finishing_stacks"]
