"""/v1/hands (stateless replay), /v1/phh/replay and /v1/phh/export against the rules layer."""

from __future__ import annotations

import json
import random

import pytest

from omaha_eval.game import GameConfig, Hand, IllegalActionError
from omaha_eval.cards import format_cards
from omaha_eval.game.phh import hand_to_phh, parse_phh, replay, summary
from omaha_eval.game.randomplay import choose_action
from service_helpers import WSOP_DIR, detail

CONFIGS = {
    "pot": ({"structure": "pot", "small_blind": 1, "big_blind": 2}, GameConfig.pot_limit(1, 2)),
    "no8": ({"structure": "no", "small_blind": 5, "big_blind": 10, "game": "hilo"},
            GameConfig.no_limit(5, 10, game="hilo")),
    "fixed8": ({"structure": "fixed", "small_bet": 4, "game": "hilo", "ante": 1},
               GameConfig.fixed_limit(4, game="hilo", ante=1)),
    "spread": ({"structure": "spread", "min_bet": 2, "max_bet": 10}, GameConfig.spread_limit(2, 10)),
}


def apply(hand: Hand, verb: str, amount) -> dict:
    if verb in ("bet", "raise"):
        hand.raise_to(amount) if verb == "raise" else hand.bet(amount)
        return {"action": verb, "amount": amount}
    getattr(hand, verb)()
    return {"action": verb}


def check_state(got: dict, hand: Hand) -> None:
    assert got["stacks"] == list(hand.stacks)
    assert got["bets"] == list(hand.bets) and got["pot"] == hand.pot
    assert got["actor"] == hand.actor and got["phase"] == hand.phase
    assert got["board"] == "".join("23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in hand.board)
    legal = hand.legal_actions()
    assert got["legal_actions"]["actions"] == list(legal.actions)
    assert got["legal_actions"]["player"] == legal.player
    if legal.can_bet or legal.can_raise:
        assert (got["legal_actions"]["min_to"], got["legal_actions"]["max_to"]) == (legal.min_to, legal.max_to)
    assert got["history"] == [e.to_dict() for e in hand.history]
    assert got["result"] == (hand.result.to_dict() if hand.result else None)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_hands_step_by_step_equal_the_rules_layer(client, name):
    wire, config = CONFIGS[name]
    rng = random.Random(name)
    for k in range(4):
        n = rng.randint(2, 6)
        stacks = [rng.randint(20, 300) for _ in range(n)]
        seed = rng.randrange(2**32)
        hand = Hand(config, stacks, seed=seed, showdown="manual" if k % 2 else "auto")
        body = {"config": wire, "stacks": stacks, "seed": seed, "actions": [],
                "showdown": "manual" if k % 2 else "auto"}
        while True:
            got = client.post("/v1/hands", json=body)
            assert got.status_code == 200, got.text
            check_state(got.json(), hand)
            if hand.is_over:
                break
            body["actions"].append(apply(hand, *choose_action(hand, rng)))
        assert sum(hand.result.finishing_stacks) == sum(stacks)


def test_an_illegal_action_is_409_with_the_engine_reason_and_its_index(client):
    body = {"config": CONFIGS["pot"][0], "stacks": [200, 200, 200], "seed": 7,
            "actions": [{"action": "raise", "amount": 7}, {"action": "raise_to", "amount": 40}]}
    r = client.post("/v1/hands", json=body)
    assert r.status_code == 409
    d = detail(r)
    hand = Hand(CONFIGS["pot"][1], [200, 200, 200], seed=7)
    hand.raise_to(7)
    with pytest.raises(IllegalActionError) as exc:
        hand.raise_to(40)
    assert d == {"loc": ["body", "actions", 1], "msg": str(exc.value), "type": "IllegalActionError"}
    assert "pot-limit maximum" in d["msg"]
    wrong_turn = dict(body, actions=[{"action": "call", "player": 0}])
    d = detail(client.post("/v1/hands", json=wrong_turn))
    assert d["loc"] == ["body", "actions", 0] and "turn" in d["msg"]


def test_seed_is_drawn_when_absent_and_replays_the_same_cards(client):
    body = {"config": CONFIGS["pot"][0], "stacks": [100, 100]}
    first = client.post("/v1/hands", json=body).json()
    assert isinstance(first["seed"], int)
    again = client.post("/v1/hands", json=dict(body, seed=first["seed"], actions=[{"action": "call"}])).json()
    assert again["hole_cards"] == first["hole_cards"] and again["actions_applied"] == 1


def test_given_cards_are_dealt(client):
    body = {"config": CONFIGS["pot"][0], "stacks": [100, 100], "hole_cards": ["AsKsQhJh", None],
            "board": "Ts9s8h2c2d", "seed": 1,
            "actions": [{"action": "call"}, {"action": "check"}] + [{"action": "check"}] * 6}
    got = client.post("/v1/hands", json=body).json()
    assert got["is_over"] and got["hole_cards"][0] == "AsKsQhJh" and got["board"] == "Ts9s8h2c2d"
    hand = Hand(CONFIGS["pot"][1], [100, 100], hole_cards=["AsKsQhJh", None], board="Ts9s8h2c2d", seed=1)
    for a in body["actions"]:
        getattr(hand, a["action"])()
    assert got["result"] == hand.result.to_dict()


@pytest.mark.parametrize("change, loc, status", [
    ({"stacks": [200, -5]}, ["body", "stacks", 1], 422),
    ({"stacks": [200]}, ["body", "stacks"], 422),
    ({"stacks": [200, "200"]}, ["body", "stacks", 1], 422),
    ({"stacks": [200, 200.0]}, ["body", "stacks", 1], 422),
    ({"button": 5}, ["body", "button"], 422),
    ({"hole_cards": ["AsKsQhJh", "AsKd7h2c"]}, ["body"], 422),
    ({"hole_cards": ["AsKsQh", None]}, ["body", "hole_cards", 0], 422),
    ({"board": "AsKsQhJhTh9h"}, ["body", "board"], 422),
    ({"config": {"structure": "fixed", "small_blind": 1}}, ["body", "config", "small_bet"], 422),
    ({"config": {"structure": "pot", "small_blind": 1, "big_blind": 2, "max_bet": 9}},
     ["body", "config", "max_bet"], 422),
    ({"config": {"structure": "pot", "small_blind": 1, "big_blind": 2, "game": "stud"}},
     ["body", "config", "game"], 422),
    ({"config": {"structure": "pot", "small_blind": -1, "big_blind": 2}}, ["body", "config", "small_blind"], 422),
    ({"config": {"structure": "limit"}}, ["body", "config", "structure"], 422),
    ({"actions": [{"action": "bet"}]}, ["body", "actions", 0], 422),
    ({"actions": [{"action": "dance"}]}, ["body", "actions", 0, "action"], 422),
    ({"actions": [{"action": "fold"}, {"action": "fold"}]}, ["body", "actions", 1], 409),
])
def test_invalid_hands(client, change, loc, status):
    body = {"config": CONFIGS["pot"][0], "stacks": [200, 200], "seed": 3, **change}
    r = client.post("/v1/hands", json=body)
    assert r.status_code == status, r.text
    assert detail(r)["loc"] == loc, detail(r)


def test_too_many_actions_is_422(client):
    limit = client.get("/v1/limits").json()["max_actions"]
    body = {"config": CONFIGS["pot"][0], "stacks": [200, 200], "seed": 3,
            "actions": [{"action": "check"}] * (limit + 1)}
    r = client.post("/v1/hands", json=body)
    assert r.status_code == 422 and detail(r)["loc"] == ["body", "actions"]


needs_wsop = pytest.mark.skipif(not (WSOP_DIR / "expected.json").exists(),
                                reason="../shared/data/phh not available")


@needs_wsop
def test_phh_replay_of_the_wsop_hands_equals_the_library(client):
    expected = json.loads((WSOP_DIR / "expected.json").read_text())
    for name, want in sorted(expected.items()):
        text = (WSOP_DIR / name).read_text()
        r = client.post("/v1/phh/replay", json={"text": text})
        assert r.status_code == 200, (name, r.text)
        got = r.json()
        record = parse_phh(text)
        assert got == summary(replay(record), record)
        assert got["finishing_stacks"] == want["finishing_stacks"], name


def test_phh_replay_errors_are_422(client):
    r = client.post("/v1/phh/replay", json={"text": "variant = 'NT'\nstarting_stacks = [1, 2]"})
    assert r.status_code == 422 and detail(r)["loc"] == ["body", "text"]
    assert detail(r)["type"] == "PHHError"
    r = client.post("/v1/phh/replay", json={"text": "this is = not toml ]["})
    assert r.status_code == 422
    illegal = ("variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
               "starting_stacks = [100, 100]\nactions = ['d dh p1 AsKsQhJh', 'd dh p2 2c2d7h8s', "
               "'p2 cbr 500']\n")
    r = client.post("/v1/phh/replay", json={"text": illegal})
    assert r.status_code == 422, r.text


def test_phh_export_equals_the_library_and_replays(client):
    actions = [{"action": "raise", "amount": 7}, {"action": "call"}, {"action": "fold"},
               {"action": "bet", "amount": 10}, {"action": "call"}]
    body = {"config": CONFIGS["pot"][0], "stacks": [200, 150, 300], "seed": 21, "actions": actions,
            "extra": {"event": "test"}}
    r = client.post("/v1/phh/export", json=body)
    assert r.status_code == 200, r.text
    hand = Hand(CONFIGS["pot"][1], [200, 150, 300], seed=21)
    hand.raise_to(7), hand.call(), hand.fold(), hand.bet(10), hand.call()
    assert r.json()["text"] == hand_to_phh(hand, extra={"event": "test"})
    back = client.post("/v1/phh/replay", json={"text": r.json()["text"]}).json()
    assert back["complete"] is False and "legal_actions" in back
    assert back["board"] == format_cards(list(hand.board))
    assert back["stacks"] == [hand.stacks[(hand.button + 1 + j) % 3] for j in range(3)]  # p1..p3
    assert back["legal_actions"] == client.post("/v1/hands", json={
        k: v for k, v in body.items() if k != "extra"}).json()["legal_actions"] | {
        "player": (hand.actor - hand.button - 1) % 3}
