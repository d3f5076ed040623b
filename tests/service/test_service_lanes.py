"""The fast lane and FastAPI's own request handling give the same answers, valid or not."""

from __future__ import annotations

import random

import httpx
import pydantic
import pytest

from service_helpers import Server
from test_service_robustness import VALID, mutate, raw_variants


# pydantic before 2.14 (the last line for Python 3.9 is 2.13) validates JSON input in document
# order: an unknown field is listed before the fields' own errors, once per duplicate key; from
# 2.14 on, model_validate_json lists errors as validating the parsed object does (FastAPI's way)
JSON_ERRORS_IN_MODEL_ORDER = tuple(int(x) for x in pydantic.VERSION.split(".")[:2]) >= (2, 14)


@pytest.fixture(scope="module")
def plain_client():
    srv = Server(env={"OMAHA_EVAL_SERVICE_FAST_LANE": "0"})
    try:
        with httpx.Client(base_url=srv.url, timeout=60) as c:
            yield c
    finally:
        srv.stop()


def test_both_lanes_answer_alike(client, plain_client):
    rng = random.Random(99)
    cases = [(path, "json", body) for path, body in VALID.items()]
    for _ in range(150):
        path = rng.choice(list(VALID))
        if rng.random() < 0.2:
            raw = raw_variants(rng)
            try:  # JSON is UTF-8 (RFC 8259); FastAPI's json.loads also guesses UTF-16 and -32
                raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            cases.append((path, "raw", raw))
        else:
            cases.append((path, "json", mutate(VALID[path], rng)))
    for path, kind, payload in cases:
        if kind == "raw":
            a, b = (c.post(path, content=payload, headers={"content-type": "application/json"})
                    for c in (client, plain_client))
        else:
            a, b = (c.post(path, json=payload) for c in (client, plain_client))
        assert a.status_code == b.status_code, (path, payload, a.text, b.text)
        ja, jb = a.json(), b.json()
        if a.status_code == 200 and "seed" in ja and "seed" not in (payload if isinstance(payload, dict) else {}):
            continue  # a seed drawn by each server: different by design
        if a.status_code == 400:  # the two JSON parsers word their complaints differently
            assert [(e["loc"], e["type"]) for e in ja["detail"]] == [(e["loc"], e["type"]) for e in jb["detail"]]
        elif a.status_code == 422:  # pydantic words a few JSON-mode errors differently: compare where
            la, lb = [e["loc"] for e in ja["detail"]], [e["loc"] for e in jb["detail"]]
            if not JSON_ERRORS_IN_MODEL_ORDER:  # the same places, in another order (see above)
                la, lb = sorted(set(map(str, la))), sorted(set(map(str, lb)))
            assert la == lb, (path, payload, ja, jb)
        else:
            assert ja == jb, (path, payload)


@pytest.mark.parametrize("depth", [300, 5000])
def test_deeply_nested_json_answers_alike(client, plain_client, depth):
    # pydantic's JSON parser stops at 200 levels, the json module (FastAPI's) at about 1,000
    # before Python 3.13 and far deeper from 3.13 on: the fast lane must follow FastAPI's verdict
    body = b"[" * depth + b"]" * depth
    a, b = (c.post("/v1/showdown", content=body, headers={"content-type": "application/json"})
            for c in (client, plain_client))
    assert a.status_code == b.status_code, (a.text[:300], b.text[:300])
    ea, eb = a.json()["detail"], b.json()["detail"]
    assert [e["loc"] for e in ea] == [e["loc"] for e in eb]
    if a.status_code == 400:  # 422: pydantic names the wrong top-level type differently in each mode
        assert [e["type"] for e in ea] == [e["type"] for e in eb] == ["json_invalid"]
