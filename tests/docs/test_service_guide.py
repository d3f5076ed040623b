"""Every curl example of docs/service.rst sends JSON the service accepts: each one is posted
(or got) through the application in process, as the guide's Python examples do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "service.rst"


def _curls() -> list[tuple[str, object]]:
    text = GUIDE.read_text(encoding="utf-8").replace("\\\n", " ")
    found = []
    starts = [m.start() for m in re.finditer(r"curl -s localhost:8000", text)] + [len(text)]
    for a, b in zip(starts, starts[1:]):
        command = text[a:b].split("\n\n")[0]  # up to the next command or the end of the block
        path = re.match(r"curl -s localhost:8000(/\S*)", command).group(1)  # type: ignore[union-attr]
        if "-d @-" in command:  # the body comes from a file (the PHH replay)
            body: object = {"text": (GUIDE.parents[1] / "examples" / "split-pot.phh").read_text("utf-8")}
        else:
            data = re.search(r"-d '(.*?)'", command, re.DOTALL)
            body = None if data is None else json.loads(data.group(1))
        found.append((path, body))
    return found


def test_the_guide_has_a_curl_example_per_endpoint():
    paths = {path for path, _ in _curls()}
    assert {"/v1/evaluate", "/v1/equity", "/v1/showdown", "/v1/hands", "/v1/phh/export",
            "/v1/phh/replay", "/v1/limits"} <= paths


@pytest.mark.parametrize("index", range(len(_curls())))
def test_curl_example_is_answered(index):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from omaha_eval.service import create_app

    path, body = _curls()[index]
    with TestClient(create_app()) as api:
        r = api.get(path) if body is None else api.post(path, json=body)
    assert r.status_code == 200, (path, r.text)
    assert isinstance(r.json(), dict)
