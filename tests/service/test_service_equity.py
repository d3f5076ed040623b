"""/v1/equity and /v1/showdown: the library's results, limits, and seeds under concurrency."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import omaha_eval as oe
from service_helpers import detail


@pytest.mark.parametrize("spot", [
    {"hands": ["AsKsQhJh", "2c2d7h8s"]},                                   # preflop, exact
    {"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d3c", "game": "hilo"},
    {"hands": ["AsKsQhJh", "2c2d7h8s", "Td9h8c7c"], "board": "Ts9d3c4h", "dead": "2h"},
    {"hands": [[51, 50, 42, 37], "2c2d7h8s"], "board": "Ts9d3c"},          # card ids
    {"hands": ["AA**ds", "KsKd7h2c"], "board": "Ts9d3c"},                  # a range, exact
])
def test_exact_equals_the_library(client, spot):
    r = client.post("/v1/equity", json=spot)
    assert r.status_code == 200, r.text
    want = oe.equity(spot["hands"], spot.get("board", ""), spot.get("dead", ""),
                     game=spot.get("game", "hi")).to_dict()
    assert r.json() == want and want["exact"]


def test_sampled_equals_the_library_with_the_seed(client):
    spot = {"hands": ["AA**ds", "KK**", "random"], "trials": 20_000, "seed": 11, "game": "hilo"}
    r = client.post("/v1/equity", json=spot).json()
    want = oe.equity(spot["hands"], trials=20_000, seed=11, game="hilo").to_dict()
    assert r == want and r["seed"] == 11 and not r["exact"]
    fresh = client.post("/v1/equity", json={**spot, "seed": None}).json()
    assert isinstance(fresh["seed"], int)  # drawn by the server and reported: reproducible
    again = client.post("/v1/equity", json={**spot, "seed": fresh["seed"]}).json()
    assert again == fresh


def test_concurrent_requests_with_distinct_seeds_give_what_they_give_alone(client):
    spots = [{"hands": ["AsKsQhJh", "2c2d7h8s", "Td9d8c7c"], "trials": 8_000, "seed": s}
             for s in range(24)]
    spots += [{"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d3c"}] * 8
    alone = [client.post("/v1/equity", json=s).json() for s in spots]
    with ThreadPoolExecutor(16) as pool:
        together = list(pool.map(lambda s: client.post("/v1/equity", json=s).json(), spots[::-1]))
    assert together[::-1] == alone
    assert len({tuple(p["equity"] for p in a["players"]) for a in alone[:24]}) > 20


def test_trials_cap_and_exact_budget_are_422_that_say_so(client):
    cap = client.get("/v1/limits").json()["max_trials"]
    r = client.post("/v1/equity", json={"hands": ["AsKsQhJh", "2c2d7h8s"], "trials": cap + 1})
    assert r.status_code == 422
    d = detail(r)
    assert d["loc"] == ["body", "trials"] and f"{cap:,}" in d["msg"] and d["type"] == "trials_cap"
    r = client.post("/v1/equity", json={"hands": ["AA**", "KK**"], "exact": True})
    assert r.status_code == 422
    d = detail(r)
    assert d["loc"] == ["body", "exact"] and "exact budget" in d["msg"]
    # without exact: true the library samples by itself and says so
    r = client.post("/v1/equity", json={"hands": ["AA**", "KK**"], "seed": 3}).json()
    assert r["exact"] is False and r["seed"] == 3 and r["trials"] > 0


@pytest.mark.parametrize("body, loc, kind", [
    ({"hands": ["AsKsQhJh", "Zz**"]}, ["body", "hands", 1], "RangeError"),
    ({"hands": ["AsKsQhJh", "2c2d7h"]}, ["body", "hands", 1], None),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9dXx"}, ["body", "board"], "CardError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "Ts9d8c7h6s5s"}, ["body", "board"], "CardError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "dead": "Q"}, ["body", "dead"], "CardError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "board": "As9d3c"}, ["body"], "CardError"),
    ({"hands": ["AsKsQhJh"]}, ["body", "hands"], "ArgumentError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "game": "razz"}, ["body", "game"], "ArgumentError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "trials": 0}, ["body", "trials"], "ArgumentError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "trials": 10, "seed": -1}, ["body", "seed"], "ArgumentError"),
    ({"hands": ["AsKsQhJh", "2c2d7h8s"], "trials": "100"}, ["body", "trials"], "int_type"),
])
def test_invalid_spots_are_422_with_the_library_message(client, body, loc, kind):
    r = client.post("/v1/equity", json=body)
    assert r.status_code == 422, r.text
    d = detail(r)
    assert d["loc"] == loc, d
    if kind:
        assert d["type"] == kind
    if kind in ("RangeError", "CardError", "ValueError", "ArgumentError"):
        with pytest.raises(ValueError) as exc:
            oe.equity(body["hands"], body.get("board", ""), body.get("dead", ""),
                      game=body.get("game", "hi"), trials=body.get("trials"), seed=body.get("seed"))
        assert d["msg"] == str(exc.value)


def test_showdown_equals_the_library(client):
    rng = np.random.default_rng(5)
    deals = []
    for _ in range(40):
        cards = rng.permutation(52)
        n = int(rng.integers(2, 6))
        deals.append({"hands": [oe.format_cards(cards[4 * p:4 * p + 4]) for p in range(n)],
                      "board": oe.format_cards(cards[40:45])})
    for game in ("hi", "hilo"):
        r = client.post("/v1/showdown", json={"deals": deals, "game": game})
        assert r.status_code == 200, r.text
        for deal, got in zip(deals, r.json()["results"]):
            want = oe.showdown(deal["hands"], deal["board"], game=game)
            assert got["share_units"] == want.share_units[0].tolist()
            assert sum(got["share_units"]) == got["pot_units"]
            assert got["winners"] == [p for p, u in enumerate(got["share_units"]) if u > 0]
            assert got["hi_winners"] == [p for p in range(len(deal["hands"]))
                                         if want.hi_win[p] or want.hi_tie[p]]
    one = client.post("/v1/showdown", json={"hands": ["AsKsQhJh", "3c4d6h7h"], "board": "Ts9s8h2c2d"})
    assert one.json()["scoop"] == 0 and one.json()["hi_winners"] == [0]
    split = client.post("/v1/showdown", json={"hands": ["AsKhQhJh", "AdKdQcJc"], "board": "Ts9s8h2c2d"})
    assert split.json()["shares"] == [0.5, 0.5] and split.json()["winners"] == [0, 1]
    assert split.json()["scoop"] is None


@pytest.mark.parametrize("body, loc", [
    ({"hands": ["AsKsQhJh", "AdKdQcZz"], "board": "Ts9s8h2c2d"}, ["body", "hands", 1]),
    ({"hands": ["AsKsQhJh", "AdKdQcJc"], "board": "Ts9s8h2c"}, ["body", "board"]),
    ({"hands": ["AsKsQhJh", "AsKdQcJc"], "board": "Ts9s8h2c2d"}, ["body"]),
    ({"deals": [{"hands": ["AsKsQhJh", "AdKdQcJc"], "board": "Ts9s8h2c2d"},
                {"hands": ["AsKsQhJh", "AdKdQcJc"], "board": "Ts9s8h2cXx"}]}, ["body", "deals", 1, "board"]),
    ({"hands": ["AsKsQhJh", "AdKdQcJc"]}, ["body", "board"]),
])
def test_invalid_showdowns_are_422(client, body, loc):
    r = client.post("/v1/showdown", json=body)
    assert r.status_code == 422, r.text
    assert detail(r)["loc"] == loc


def test_ranges_that_collide_too_often_are_refused_before_sampling(client):
    crowded = ["AA**", "KK**", "QQ**", "JJ**", "TT**", "99**", "88**"]
    r = client.post("/v1/equity", json={"hands": crowded, "trials": 2_000_000, "seed": 1})
    assert r.status_code == 422
    d = detail(r)
    assert d["loc"] == ["body", "hands"] and "collision-free" in d["msg"] and d["type"] == "draws_limit"
    ok = client.post("/v1/equity", json={"hands": crowded[:3], "trials": 4096, "seed": 1})
    assert ok.status_code == 200
    assert ok.json() == oe.equity(crowded[:3], trials=4096, seed=1).to_dict()
