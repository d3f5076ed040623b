"""POST /v1/classify and /v1/breakdown through the ASGI app (in process, no server)."""

from __future__ import annotations

import importlib.util
from typing import Any, Iterator

import pytest

if not all(importlib.util.find_spec(m) for m in ("fastapi", "httpx")):
    pytest.skip("needs the server extra", allow_module_level=True)

import omaha_eval as oe


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from omaha_eval.service.app import create_app

    with TestClient(create_app()) as c:
        yield c


def test_classify_hands(client: Any) -> None:
    r = client.post("/v1/classify", json={"holes": ["JhTs7d4c", "AhAsKd7c"], "board": "9h8s2d"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["count"] == 2
    first = body["hands"][0]
    assert first["outs"][4] == 17 and first["nut_outs"] == 11
    assert first["draws"] == ["wrap (17 outs)"]
    c = oe.classify("AhAsKd7c", "9h8s2d")
    assert body["hands"][1]["nut_rank"] == int(c.nut_rank[0])


def test_classify_range_and_errors(client: Any) -> None:
    r = client.post("/v1/classify", json={"range": "AcAdKh*", "board": "9h8s2d", "game": "plo8"})
    assert r.status_code == 200, r.text
    assert r.json()["count"] == len(oe.parse_range("AcAdKh*").remove(oe.parse_cards("9h8s2d")))
    bad = client.post("/v1/classify", json={"holes": ["JhTs7d4c"], "board": "9h8s"})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "board"]
    both = client.post("/v1/classify", json={"holes": ["JhTs7d4c"], "range": "AA**",
                                             "board": "9h8s2d"})
    assert both.status_code == 422
    big = client.post("/v1/classify", json={"range": "A***", "board": "9h8s2d"})
    assert big.status_code == 422 and big.json()["detail"][0]["type"] == "limit"


def test_breakdown(client: Any) -> None:
    r = client.post("/v1/breakdown", json={"range": "AcAd**", "board": "Kc9d3h",
                                            "against": "KhKs**"})
    assert r.status_code == 200, r.text
    body = r.json()
    want = oe.breakdown("AcAd**", "Kc9d3h", against="KhKs**")
    assert body["combos"] == want.combos and abs(body["equity"] - want.equity) < 1e-12
    assert [g["name"] for g in body["groups"]] == [row.name for row in want]
    huge = client.post("/v1/breakdown", json={"range": "AA**", "board": "Ks9d3c", "against": "QQ**"})
    assert huge.status_code == 422 and huge.json()["detail"][0]["loc"] == ["body", "against"]
