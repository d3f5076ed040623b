"""/v1/evaluate, /healthz, the schema and docs page, and the shared error answers."""

from __future__ import annotations

import json

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.cards import format_cards
from omaha_eval.evaluate import describe_hand
from service_helpers import detail


def random_deals(n: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, :9]
    return [(format_cards(d[:4]), format_cards(d[4:])) for d in deals]


def test_healthz_schema_and_docs(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert r.json()["version"] == oe.__version__
    schema = client.get("/openapi.json").json()
    for path in ("/v1/evaluate", "/v1/equity", "/v1/showdown", "/v1/hands", "/v1/phh/replay",
                 "/v1/phh/export"):
        assert "post" in schema["paths"][path], path
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    # the docs page's scripts come from this server, not from a CDN
    assert "cdn" not in docs.text.lower()
    script = docs.text.split('src="', 1)[1].split('"', 1)[0]
    assert script.startswith("/") and client.get(script).status_code == 200
    assert client.get("/v1/limits").json()["max_trials"] > 0
    assert {"hi", "hilo"} <= set(client.get("/v1/games").json()["games"])


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_one_deal_equals_the_library(client, game):
    for hole, board in random_deals(40, 1) + [("As2sQhJh", "3s4s8h2c9d")]:
        r = client.post("/v1/evaluate", json={"hole": hole, "board": board, "game": game})
        assert r.status_code == 200, r.text
        assert r.json() == describe_hand(hole, board, game=game)


def test_card_ids_as_well_as_text(client):
    r = client.post("/v1/evaluate", json={"hole": [51, 50, 42, 37], "board": "Ts9s8h2c2d"})
    assert r.json()["hi"]["score"] == oe.evaluate_hi([51, 50, 42, 37], "Ts9s8h2c2d")


def test_batch_equals_the_library_in_order(client):
    deals = random_deals(300, 2)  # above the inline size: runs in the thread pool
    body = {"deals": [{"hole": h, "board": b} for h, b in deals], "game": "hilo"}
    r = client.post("/v1/evaluate", json=body)
    assert r.status_code == 200
    results = r.json()["results"]
    assert [x["hi"]["score"] for x in results] == [oe.evaluate_hi(h, b) for h, b in deals]
    assert results == [describe_hand(h, b, game="hilo") for h, b in deals]


@pytest.mark.parametrize("body, loc, kind, words", [
    ({"hole": "As2sQhZz", "board": "3s4s8h2c9d"}, ["body", "hole"], "CardError", "'Zz' at position 3"),
    ({"hole": "As2sQhJh", "board": "3s4s8h2cXx"}, ["body", "board"], "CardError", "'Xx'"),
    ({"hole": "As2sQh", "board": "3s4s8h2c9d"}, ["body", "hole"], "CardError", "got 3"),
    ({"hole": "As2sQhJh", "board": "As4s8h2c9d"}, ["body"], "CardError", "duplicate card As"),
    ({"hole": [51, 50, 42, 99], "board": "3s4s8h2c9d"}, ["body", "hole"], "CardError", "99"),
    ({"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "stud"}, ["body", "game"], "ArgumentError", "stud"),
    ({"deals": [{"hole": "As2sQhJh", "board": "3s4s8h2c9d"}, {"hole": "AsAs", "board": "3s4s8h2c9d"}]},
     ["body", "deals", 1, "hole"], "CardError", ""),
])
def test_invalid_cards_are_422_with_the_library_message_and_where(client, body, loc, kind, words):
    r = client.post("/v1/evaluate", json=body)
    assert r.status_code == 422, r.text
    d = detail(r)
    assert d["loc"] == loc and d["type"] == kind and words in d["msg"]
    if kind == "CardError" and loc[-1] != "deals":  # the message is the library's, unchanged
        with pytest.raises(oe.CardError) as exc:
            deal = body["deals"][1] if "deals" in body else body
            describe_hand(deal["hole"], deal["board"])
        assert d["msg"] == str(exc.value)


@pytest.mark.parametrize("body, loc", [
    ({"hole": "As2sQhJh"}, ["body", "board"]),
    ({"hole": "As2sQhJh", "board": "3s4s8h2c9d", "deals": []}, ["body"]),
    ({"hole": "As2sQhJh", "board": "3s4s8h2c9d", "colour": "red"}, ["body", "colour"]),
    ({"hole": 7, "board": "3s4s8h2c9d"}, ["body", "hole"]),
    ([1, 2, 3], ["body"]),
])
def test_wrong_shapes_are_422(client, body, loc):
    r = client.post("/v1/evaluate", json=body)
    assert r.status_code == 422
    assert detail(r)["loc"][:len(loc)] == loc


@pytest.mark.parametrize("raw", [b"{bad json", b"", b"\xff\xfe{}", b'{"hole": "As2sQhJh",'])
def test_malformed_json_is_400(client, raw):
    r = client.post("/v1/evaluate", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 400, (raw, r.status_code, r.text)
    detail(r)


def test_oversized_bodies_are_413(client):
    limit = client.get("/v1/limits").json()["max_body_bytes"]
    padding = "x" * (limit + 10)
    r = client.post("/v1/evaluate", content=json.dumps({"hole": padding}).encode(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "limit" in detail(r)["msg"]

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(limit // 65536 + 2):
            yield b" " * 65536

    r = client.post("/v1/evaluate", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/healthz").status_code == 200


def test_too_many_deals_is_422(client):
    limit = client.get("/v1/limits").json()["max_deals"]
    deal = {"hole": "As2sQhJh", "board": "3s4s8h2c9d"}
    r = client.post("/v1/evaluate", json={"deals": [deal] * (limit + 1)})
    assert r.status_code == 422 and detail(r)["loc"] == ["body", "deals"]
    assert str(limit) in detail(r)["msg"]


def test_unknown_path_and_method(client):
    assert client.get("/v1/nothing").status_code == 404
    assert client.get("/v1/evaluate").status_code == 405
    detail(client.get("/v1/nothing"))


def test_the_variants_the_library_has(client):
    games = client.get("/v1/games").json()["games"]
    variants = pytest.importorskip("omaha_eval.variants")
    assert set(variants.VARIANTS) <= set(games)
    deals = [("As2sQhJhTd", "3s4s8h2c9d", "plo5-8"), ("As2sQhJhTd9c", "3s4s8h2c9d", "plo6")]
    for hole, board, game in deals:
        r = client.post("/v1/evaluate", json={"hole": hole, "board": board, "game": game})
        assert r.status_code == 200, r.text
        assert r.json() == describe_hand(hole, board, game=game)
    r = client.post("/v1/evaluate", json={"hole": "As2sQhJh", "board": "3s4s8h2c9d", "game": "plo5"})
    assert r.status_code == 422
    with pytest.raises(ValueError) as exc:
        describe_hand("As2sQhJh", "3s4s8h2c9d", game="plo5")
    assert detail(r)["msg"] == str(exc.value)
    spot = {"hands": ["As2sQhJhTd", "KcKd7h8s9s"], "board": "Ts9d3c", "game": "plo5-8"}
    got = client.post("/v1/equity", json=spot).json()
    assert got == oe.equity(spot["hands"], spot["board"], game="plo5-8").to_dict()


def test_many_hands_on_one_board(client):
    deals = random_deals(40, 9)
    board = deals[0][1]
    holes = [h for h, _ in deals if not set(oe.parse_cards(h).tolist()) & set(oe.parse_cards(board).tolist())]
    r = client.post("/v1/evaluate", json={"holes": holes, "board": board, "game": "hilo"})
    assert r.status_code == 200
    assert r.json()["results"] == [describe_hand(h, board, game="hilo") for h in holes]
    bad = client.post("/v1/evaluate", json={"holes": holes[:3] + ["AsAsQhJh"], "board": board})
    assert bad.status_code == 422 and detail(bad)["loc"][:3] == ["body", "holes", 3]
    bad = client.post("/v1/evaluate", json={"holes": holes[:3], "board": "AsKs"})
    assert bad.status_code == 422 and detail(bad)["loc"] == ["body", "board"]
