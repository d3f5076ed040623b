"""Fuzzing the rules layer: random legal and illegal action sequences on Hand and Table (issue 10).

Each step is either a legal action (amounts anywhere in the allowed window) or a wrong one: the
wrong player, a player given as a float, bool, NaN, string, huge or negative number, amounts of
the wrong type or out of range, actions of the wrong phase. After every step:

* a refused call raised the library's own error (IllegalActionError, HandSetupError, TableError)
  with a message, and left the Hand or Table exactly as before (every slot, every seat);
* ``can_x`` agreed with what ``x`` did;
* chips are conserved: stacks plus the pot equal the starting stacks, during and after the hand,
  and a table holds exactly what was bought in minus what was cashed out;
* no call took longer than the time limit.

Finished hands go through PHH and replay to the same stacks. Sizes: fuzz_helpers.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Tuple

from hypothesis import given
from hypothesis import strategies as st

from omaha_eval.game import (GameConfig, Hand, HandSetupError, IllegalActionError, TableError,
                             TableRules)
from omaha_eval.game.phh import hand_from_phh, hand_to_phh
from omaha_eval.game.session import table_from_dict, table_to_dict
from omaha_eval.game.table import Table

from fuzz_helpers import call, fuzz_settings, hand_state, table_state

GAME_ERRORS = (IllegalActionError, HandSetupError, TableError)

WEIRD_NUMBERS = st.one_of(st.sampled_from([-1, 0, 11, 2**31, 2**63, 2**70, -2**70, 0.0, 1.0, 2.5,
                                           float("nan"), float("inf"), True, False, "0", "1", None,
                                           b"1", [0], (1,)]),
                          st.integers(-10**6, 10**6), st.floats(allow_nan=True))


def _config(draw: Callable[..., Any]) -> GameConfig:
    game = draw(st.sampled_from(["hi", "hilo"]), label="game")
    kind = draw(st.sampled_from(["fixed", "spread", "pot", "no"]), label="structure")
    sb = draw(st.integers(0, 3), label="small blind")
    bb = draw(st.integers(max(sb, 1), 6), label="big blind")
    options = dict(game=game, ante=draw(st.sampled_from([0, 0, 1]), label="ante"),
                   straddle=draw(st.sampled_from([0, 0, 2 * bb]), label="straddle"),
                   ante_trimming=draw(st.booleans(), label="trimming"),
                   show_all=draw(st.booleans(), label="show all"))
    if kind == "fixed":
        return GameConfig.fixed_limit(bb, 2 * bb, small_blind=sb, big_blind=bb,
                                      half_bet_reopens=draw(st.booleans(), label="half"), **options)
    if kind == "spread":
        return GameConfig.spread_limit(bb, 4 * bb, small_blind=sb, big_blind=bb, **options)
    if kind == "pot":
        return GameConfig.pot_limit(sb, bb, **options)
    return GameConfig.no_limit(sb, bb, **options)


def _legal_step(draw: Callable[..., Any], hand: Hand) -> Tuple[str, Tuple[Any, ...]]:
    legal = hand.legal_actions()
    name = draw(st.sampled_from(legal.actions), label="legal action")
    if name in ("bet", "raise"):
        amount = draw(st.one_of(st.integers(legal.min_to, legal.max_to),
                                st.sampled_from([legal.min_to, legal.max_to])), label="amount")
        return ("bet" if name == "bet" else "raise_to"), (amount,)
    if name == "show" and draw(st.booleans(), label="show with cards"):
        return "show", (None, list(hand.hole_cards(legal.player)))
    return name, ()


def _weird_step(draw: Callable[..., Any], hand: Hand) -> Tuple[str, Tuple[Any, ...]]:
    name = draw(st.sampled_from(["fold", "check", "call", "bet", "raise_to", "all_in",
                                 "check_or_call", "bet_or_raise_to", "show", "muck"]), label="action")
    actor = hand.actor
    player = draw(st.one_of(st.none(), st.just(actor), st.integers(-2, hand.n_players + 1),
                            WEIRD_NUMBERS,
                            st.just(float(actor) if actor is not None else 0.0),
                            st.just(bool(actor) if actor in (0, 1) else True)), label="player")
    if name in ("bet", "raise_to", "bet_or_raise_to"):
        amount = draw(st.one_of(WEIRD_NUMBERS, st.integers(-5, 2 * sum(hand.starting_stacks))),
                      label="amount")
        return name, (amount, player)
    if name == "show":
        cards = draw(st.one_of(st.none(), st.just("AsKsQhJh"), WEIRD_NUMBERS,
                               st.lists(st.integers(-1, 53), max_size=5)), label="cards")
        return name, (player, cards)
    return name, (player,)


def _can(hand: Hand, name: str, args: Tuple[Any, ...]) -> Any:
    can = {"fold": hand.can_fold, "check": hand.can_check, "call": hand.can_call,
           "bet": hand.can_bet, "raise_to": hand.can_raise_to, "all_in": hand.can_all_in,
           "show": hand.can_show, "muck": hand.can_muck}.get(name)
    return None if can is None else can(*args)


def _check_chips(hand: Hand, total: int) -> None:
    assert all(isinstance(s, int) and s >= 0 for s in hand.stacks)
    assert sum(hand.stacks) + hand.pot == total
    if hand.is_over:
        assert sum(hand.stacks) == total and sum(hand.result.payoffs) == 0
        assert list(hand.result.finishing_stacks) == list(hand.stacks)


def _step(draw: Callable[..., Any], hand: Hand, total: int) -> None:
    weird = draw(st.integers(0, 9), label="weird?") < 3
    name, args = _weird_step(draw, hand) if weird else _legal_step(draw, hand)
    before = hand_state(hand)
    predicted = _can(hand, name, args)
    assert hand_state(hand) == before, f"can_{name}{args} changed the hand"
    ok, out = call((name, args, hand), getattr(hand, name), *args, errors=(IllegalActionError,))
    if predicted is not None:
        assert ok == predicted, f"can_{name}{args} said {predicted}, {name} {'did' if ok else 'refused'}: {out}"
    if not ok:
        assert hand_state(hand) == before, f"refused {name}{args} changed the hand"
    _check_chips(hand, total)


@fuzz_settings(ci=180)
@given(st.data())
def test_hand_action_sequences(data: Any) -> None:
    draw = data.draw
    config = _config(draw)
    n = draw(st.integers(2, 11), label="players")
    stacks = draw(st.lists(st.one_of(st.integers(1, 12), st.integers(1, 400)), min_size=n,
                           max_size=n), label="stacks")
    showdown = draw(st.sampled_from(["auto", "manual"]), label="showdown")
    button = draw(st.integers(0, n - 1), label="button")
    ok, hand = call("Hand", Hand, config, stacks, button=button, seed=draw(st.integers(0, 2**32)),
                    showdown=showdown, errors=(HandSetupError,))
    assert ok, hand
    total = sum(stacks)
    _check_chips(hand, total)
    for _ in range(draw(st.integers(0, 60), label="steps")):
        if hand.is_over:
            break
        _step(draw, hand, total)
    while not hand.is_over:                  # finish with legal actions only
        name, args = _legal_step(draw, hand)
        getattr(hand, name)(*args)
        _check_chips(hand, total)
    # refused after the end, and nothing changes
    before = hand_state(hand)
    for name in ("fold", "check", "call", "all_in", "show", "muck"):
        ok, _ = call(name, getattr(hand, name), errors=(IllegalActionError,))
        assert not ok
    assert hand_state(hand) == before
    back = hand_from_phh(hand_to_phh(hand))
    assert sorted(back.stacks) == sorted(hand.stacks) and sum(back.stacks) == total


CARDS = st.one_of(st.lists(st.integers(-1, 53), max_size=6), st.text(alphabet="AKQT2cdhsx ", max_size=10),
                  WEIRD_NUMBERS)


@fuzz_settings(ci=150)
@given(st.data())
def test_hand_setup_fuzz(data: Any) -> None:
    draw = data.draw
    config = _config(draw)
    n = draw(st.integers(0, 12), label="players")
    stacks = draw(st.one_of(st.lists(st.one_of(st.integers(1, 500), WEIRD_NUMBERS), min_size=n,
                                     max_size=n), WEIRD_NUMBERS), label="stacks")
    maybe = lambda strategy: st.one_of(st.none(), strategy)  # noqa: E731
    kwargs = dict(
        button=draw(maybe(st.one_of(st.integers(-1, n), WEIRD_NUMBERS)), label="button"),
        first_to_act=draw(maybe(st.one_of(st.integers(-1, n), WEIRD_NUMBERS)), label="first"),
        last_to_act=draw(maybe(st.one_of(st.integers(-1, n), WEIRD_NUMBERS)), label="last"),
        seed=draw(maybe(st.one_of(st.integers(-3, 2**70), WEIRD_NUMBERS)), label="seed"),
        hole_cards=draw(maybe(st.one_of(st.lists(maybe(CARDS), max_size=n + 1), WEIRD_NUMBERS)),
                        label="holes"),
        board=draw(maybe(CARDS), label="board"),
        showdown=draw(st.sampled_from(["auto", "manual", "x", None]), label="showdown"),
        unknown_cards=draw(st.one_of(st.just(()), CARDS), label="unknown"),
    )
    if draw(st.booleans(), label="with posts"):
        kwargs["posts"] = draw(st.one_of(WEIRD_NUMBERS, st.lists(WEIRD_NUMBERS, max_size=3)),
                               label="posts")
    if draw(st.booleans(), label="with deck"):
        kwargs["deck"] = draw(CARDS, label="deck")
    ok, hand = call(("Hand", stacks, kwargs), Hand, config, stacks, errors=(HandSetupError,), **kwargs)
    if ok:
        assert sum(hand.stacks) + hand.pot == sum(stacks)
        assert len(set(hand.deck)) == len(hand.deck)


def test_hand_fuzz_can_fail() -> None:
    # the checks above are real: a hand whose chips do not add up is caught
    hand = Hand(GameConfig.pot_limit(1, 2), [100, 100], seed=1)
    try:
        _check_chips(hand, 201)
    except AssertionError:
        return
    raise AssertionError("chip check passed on a wrong total")


# ---- Table ----

def _rules(draw: Callable[..., Any]) -> TableRules:
    return TableRules(
        seats=draw(st.integers(2, 10), label="seats"),
        chop=draw(st.booleans(), label="chop"), straddle=draw(st.booleans(), label="straddle"),
        overblind=draw(st.booleans(), label="overblind"),
        overblind_half_stack=draw(st.booleans(), label="half stack"),
        kill=draw(st.sampled_from([None, "kill", "half"]), label="kill"),
        kill_min_pot=draw(st.sampled_from([None, 0, 6, 20]), label="kill pot"),
        kill_acts=draw(st.sampled_from(["last", "in_turn"]), label="kill acts"),
        missed_blinds=draw(st.sampled_from(["owed", "forgiven"]), label="missed"),
        missed_small_blind=draw(st.sampled_from(["dead", "forward"]), label="missed sb"))


TABLE_OPS = ["sit", "sit", "leave", "sit_out", "sit_in", "set_post_now", "add_chips", "start_hand",
             "start_hand", "act", "act", "act", "act", "act", "act", "finish_hand", "chop",
             "next_plan", "save_load", "weird_act"]


def _table_op(draw: Callable[..., Any], table: Table) -> Tuple[str, Callable[[], Any]]:
    op = draw(st.sampled_from(TABLE_OPS), label="op")
    seat = draw(st.one_of(st.integers(-1, table.n_seats), WEIRD_NUMBERS), label="seat")
    if op == "sit":
        name = draw(st.sampled_from(["ann", "bob", "", None, 5]), label="name")
        stack = draw(st.one_of(st.integers(1, 300), st.integers(1, 6), WEIRD_NUMBERS), label="stack")
        post_now = draw(st.booleans(), label="post now")
        return op, lambda: table.sit(seat, name, stack, post_now=post_now)
    if op in ("leave", "sit_out"):
        return op, lambda: getattr(table, op)(seat)
    if op == "sit_in":
        post_now = draw(st.sampled_from([None, True, False]), label="post now")
        return op, lambda: table.sit_in(seat, post_now=post_now)
    if op == "set_post_now":
        flag = draw(st.booleans(), label="flag")
        return op, lambda: table.set_post_now(seat, flag)
    if op == "add_chips":
        amount = draw(st.one_of(st.integers(1, 200), WEIRD_NUMBERS), label="amount")
        return op, lambda: table.add_chips(seat, amount)
    if op in ("start_hand", "next_plan"):
        straddle = draw(st.booleans(), label="straddle")
        overblind = draw(st.one_of(st.none(), st.tuples(st.integers(-1, table.n_seats),
                                                        st.sampled_from([2, 4, 6, 8, 50, 3, -4])),
                                   WEIRD_NUMBERS), label="overblind")
        kwargs = dict(straddle=straddle, overblind=overblind)
        if op == "start_hand":
            kwargs["showdown"] = draw(st.sampled_from(["auto", "auto", "manual", "later"]), label="showdown")
        return op, lambda: getattr(table, op)(**kwargs)
    if op == "act":
        hand = table.hand
        if hand is None or hand.is_over or not table.in_hand:
            return "finish_hand", table.finish_hand
        name, args = _legal_step(draw, hand)
        return op, lambda: getattr(hand, name)(*args)
    if op == "weird_act":
        hand = table.hand
        if hand is None:
            return "legal_actions", table.legal_actions
        name, args = _weird_step(draw, hand)
        return op, lambda: getattr(hand, name)(*args)
    if op == "save_load":
        def save_load() -> None:
            data = json.loads(json.dumps(table_to_dict(table)))
            copy = table_from_dict(data)
            assert table_to_dict(copy) == data
        return op, save_load
    return op, getattr(table, op)


@fuzz_settings(ci=90)
@given(st.data())
def test_table_operation_sequences(data: Any) -> None:
    draw = data.draw
    rules = _rules(draw)
    table = Table(_config(draw), rules, seed=draw(st.integers(0, 2**32), label="seed"),
                  button=draw(st.none() | st.integers(0, rules.seats - 1), label="button"))
    for seat in range(min(rules.seats, draw(st.integers(0, 4), label="first players"))):
        table.sit(seat, f"p{seat}", 100)
    for _ in range(draw(st.integers(1, 80), label="ops")):
        op, run = _table_op(draw, table)
        before = table_state(table)
        ok, out = call((op, table), run, errors=GAME_ERRORS)
        if not ok:
            assert table_state(table) == before, f"refused {op} changed the table: {out}"
        assert table.total_chips() == table.bought_in - table.cashed_out
        hand = table.hand
        if hand is not None and table.in_hand:
            dealt = table.plan.seats
            assert sum(hand.stacks) + hand.pot == sum(table.player(s).stack for s in dealt)
        for p in table.seats:
            assert p is None or (isinstance(p.stack, int) and p.stack >= 0)
    if table.in_hand:
        while not table.hand.is_over:
            name, args = _legal_step(draw, table.hand)
            getattr(table.hand, name)(*args)
        record = table.finish_hand()
        assert table.total_chips() == table.bought_in - table.cashed_out
        back = hand_from_phh(record.to_phh())
        assert sorted(back.stacks) == sorted(record.finishing.values())
