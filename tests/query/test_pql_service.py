"""POST /v1/pql: the library's numbers, bounded trials and query length, bad queries as 422."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

import omaha_eval as oe  # noqa: E402
from omaha_eval.service.app import create_app  # noqa: E402
from omaha_eval.service.limits import Limits  # noqa: E402

QUERY = ("select count(HvHequity(villain, turn) > 0.5 and winsHi(hero)) as resuck, "
         "avg(riverEquity(hero)) as eq from game='omahahi', hero='AhAdKcQc', "
         "villain='JsTs9h8h, 7d7c6s5s, KhKdQdJc', board='Ac7h2s' where HvHequity(hero, flop) > 0.5")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(max_trials=50_000, time_limit=30.0))) as c:
        yield c


def test_same_numbers_as_the_library(client) -> None:
    exact = client.post("/v1/pql", json={"query": QUERY})
    assert exact.status_code == 200, exact.text
    assert exact.json() == oe.pql(QUERY).to_dict()
    sampled = client.post("/v1/pql", json={"query": QUERY, "trials": 3000, "seed": 5})
    assert sampled.status_code == 200
    assert sampled.json() == oe.pql(QUERY, trials=3000, seed=5).to_dict()


def test_bad_query_is_422_with_its_position(client) -> None:
    r = client.post("/v1/pql", json={"query": "select count(foo(hero)) from game='omahahi', "
                                              "hero='AA**', villain='*'"})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "query"] and detail["type"] == "QueryError"
    assert detail["msg"] == "unknown function 'foo' at line 1, column 14"


def test_bounds(client) -> None:
    r = client.post("/v1/pql", json={"query": QUERY, "trials": 50_001})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "trials"]
    r = client.post("/v1/pql", json={"query": "select " + "x" * 5000})
    assert r.status_code == 422
    r = client.post("/v1/pql", json={"query": QUERY, "trials": "100"})
    assert r.status_code == 422


def test_time_limit_stops_the_work() -> None:
    slow = ("select count(HvHequity(hero, flop) > 0.5) from game='omahahi', hero='AA**', "
            "villain='*'")
    with TestClient(create_app(Limits(max_trials=2_000_000, time_limit=0.5))) as c:
        r = c.post("/v1/pql", json={"query": slow, "trials": 2_000_000, "seed": 1})
    assert r.status_code == 503
