"""Every public function with random junk and mutated valid input, from a seeded generator
(issue 32): each call returns, or raises one of the library's own errors (an
:class:`omaha_eval.OmahaEvalError` with a message); a refused action changes nothing; each call
stays within a CPU-time limit; the service answers 4xx JSON, never 500.

Size: a quick run by default (about 20,000 calls, ~15 s); ``OE_FUZZ_FULL=1`` runs about a
million calls (``OE_FUZZ_CALLS=N`` sets the total; ``OE_FUZZ_SEED`` the seed, default 32).
A summary (calls and errors by class per target) is printed with ``-s``.

Every class of foreign error it found is fixed; each keeps one case in
``test_former_bugs_of_other_areas``, and ``KNOWN`` (errors the random run would tolerate) is
empty.
"""

from __future__ import annotations

import math
import os
import random
import re
import string
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import omaha_eval as oe
from omaha_eval.evaluate import describe_hand

from fuzz_helpers import hand_state, is_library_error, table_state

FULL = os.environ.get("OE_FUZZ_FULL") == "1"
TOTAL = int(os.environ.get("OE_FUZZ_CALLS", 1_000_000 if FULL else 20_000))
SEED = int(os.environ.get("OE_FUZZ_SEED", 32))
CPU_LIMIT = float(os.environ.get("OMAHA_EVAL_FUZZ_TIME_LIMIT", "1.0"))
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
if not SHARED.is_dir():
    SHARED = Path("../shared/data").resolve()

# (target, exception type name, message pattern) -> note: errors tolerated in the random run.
# Empty: every class the fuzzer found is fixed (the cases of test_former_bugs_of_other_areas).
KNOWN: list[tuple[tuple[str, ...], str, str, str]] = []

# no area may raise a plain ValueError/TypeError on purpose any more
OTHER_OWNERS: dict[str, str] = {}


def _foreign_plain(target: str, exc: BaseException) -> str | None:
    for prefix, owner in OTHER_OWNERS.items():
        if target.startswith(prefix) and type(exc) in (ValueError, TypeError) \
                and is_library_error(exc) is None:
            return f"owner: {owner}: plain {type(exc).__name__} raised on purpose ({target})"
    return None


class Tally:
    """Calls and outcomes per target."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.errors: Counter[tuple[str, str]] = Counter()
        self.known: Counter[str] = Counter()
        self.seen_known: Counter[str] = Counter()

    def report(self) -> str:
        lines = [f"{sum(self.calls.values()):,} calls"]
        for target, n in sorted(self.calls.items()):
            errs = ", ".join(f"{k} {v}" for (t, k), v in sorted(self.errors.items()) if t == target)
            lines.append(f"  {target}: {n:,} ({errs or 'no errors'})")
        for what, n in sorted(self.known.items()):
            lines.append(f"  known, not ours: {what}: {n}")
        for what, n in sorted(self.seen_known.items()):
            lines.append(f"    {what}: {n}")
        return "\n".join(lines)


def judge(tally: Tally, target: str, fn: Callable[..., Any], *args: Any,
          limit: float = CPU_LIMIT, **kwargs: Any) -> tuple[bool, Any]:
    """(True, result) or (False, the library error); anything else fails, and so does a call
    above ``limit`` seconds of CPU."""
    tally.calls[target] += 1
    start = time.process_time()
    try:
        out = fn(*args, **kwargs)
        ok = True
    except oe.OmahaEvalError as exc:
        assert str(exc), f"{type(exc).__name__} without a message: {target}{_shown(args)}"
        tally.errors[(target, type(exc).__name__)] += 1
        out, ok = exc, False
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:  # noqa: BLE001 - judged here
        for prefixes, kind, pattern, note in KNOWN:
            if target.startswith(prefixes) and type(exc).__name__ == kind \
                    and re.search(pattern, str(exc)):
                tally.known[note] += 1
                tally.seen_known[f"{target}: {type(exc).__name__}: {str(exc)[:50]}"] += 1
                return False, exc
        note = _foreign_plain(target, exc)
        if note:
            tally.known[note] += 1
            return False, exc
        raise AssertionError(f"{type(exc).__name__}: {exc}\n  call: {target}{_shown(args)} "
                             f"{_shown(kwargs)}") from exc
    spent = time.process_time() - start
    assert spent <= limit, f"{spent:.2f} s CPU for {target}{_shown(args)}"
    return ok, out


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 300 else text[:297] + "..."


# ---------------------------------------------------------------- generators

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
ODD_CHARS = "♠♥♦♣\x00\t\n ,;:/*!$%-.xX10é\u200b\U0001F0A1" + string.ascii_letters + string.digits


class Junk:
    """Random values: valid ones, mutated valid ones, and junk of every Python kind."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def mutate(self, text: str) -> str:
        rng, chars = self.rng, list(text)
        for _ in range(rng.choice([0, 1, 1, 2, 3, 6])):
            op = rng.randrange(5)
            at = rng.randrange(len(chars) + 1)
            if op == 0 and chars:
                chars.pop(min(at, len(chars) - 1))
            elif op == 1:
                chars.insert(at, rng.choice(ODD_CHARS))
            elif op == 2 and chars:
                chars[min(at, len(chars) - 1)] = rng.choice(ODD_CHARS)
            elif op == 3:
                chars[at:at] = chars[max(0, at - 3):at]
            else:
                chars = [c.swapcase() if rng.random() < 0.3 else c for c in chars]
        return "".join(chars)

    def cards(self, n: int) -> list[str]:
        return self.rng.sample(CARDS, n)

    def scalar(self) -> Any:
        rng = self.rng
        return rng.choice([None, True, False, 0, -1, 51, 52, 2**63, -2**63 - 1, 2**64, 10**30,
                           1.5, float("nan"), float("inf"), "", " ", "As", b"As", b"\xff\xfe",
                           bytearray(b"x"), object(), {"a": 1}, {1, 2}, (), [], np.int64(5),
                           np.uint64(2**63), np.float64(3.0), np.bool_(True), np.array(3),
                           complex(1, 2), range(3), memoryview(b"AsKd")])

    def hand_value(self, width: int) -> Any:
        """Cards of one hand (or a batch), valid or not, in every accepted form and others."""
        rng = self.rng
        kind = rng.randrange(12)
        cards = self.cards(min(52, width))
        if kind == 0:
            return "".join(cards)
        if kind == 1:
            return self.mutate("".join(cards))
        if kind == 2:
            return " ".join(cards)
        if kind == 3:
            return [CARDS.index(c) for c in cards]
        if kind == 4:
            return [rng.choice([rng.randrange(-3, 60), 2**rng.randrange(60, 70)]) for _ in cards]
        if kind == 5:
            return cards
        if kind == 6:  # ragged or nested lists
            return [[rng.randrange(52) for _ in range(rng.randrange(2, 7))] for _ in range(3)]
        if kind == 7:
            dtype = rng.choice([np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64,
                                np.uint64, np.float64, np.bool_, object, ">i4"])
            shape = tuple(rng.randrange(0, 4) for _ in range(rng.randrange(0, 3))) + (width,)
            try:
                return np.array(np.random.default_rng(rng.randrange(1 << 30))
                                .integers(-2, 54, shape)).astype(dtype)
            except (OverflowError, ValueError):
                return np.zeros(shape, dtype=np.uint8)
        if kind == 8:
            return np.array([CARDS.index(c) for c in cards], dtype=np.uint8).reshape(1, -1)
        if kind == 9:
            return [self.scalar() for _ in range(rng.randrange(1, 6))]
        if kind == 10:
            return tuple(cards) + (self.scalar(),)
        return self.scalar()

    def range_text(self) -> Any:
        rng = self.rng
        parts = ["AA**", "KK**ds", "AKQJ", "15%", "5%-10%", "AsKsQhJh", "random", "A***",
                 "AA***", "AAKK**", "QQ** r", "T9*8$ss", "xxxx", "*****", "A*****", "AA**!AAA*"]
        if rng.random() < 0.05:
            return self.scalar()
        items = []
        for _ in range(rng.choice([1, 1, 2, 3, 8])):
            item = rng.choice(parts)
            if rng.random() < 0.3:
                item += "!" + rng.choice(parts)
            if rng.random() < 0.3:
                item += ":" + rng.choice(["0.5", "2", "50%", "1e-7", "0", "-1", "1e7", "nan", ""])
            items.append(item)
        return self.mutate(", ".join(items)) if rng.random() < 0.6 else ",".join(items)


# ---------------------------------------------------------------- targets

def fuzz_evaluator(j: Junk, t: Tally) -> None:
    rng = j.rng
    k = rng.choice([4, 4, 5, 6, 3, 7])
    hole, board = j.hand_value(k), j.hand_value(rng.choice([5, 5, 5, 4, 3]))
    workers = rng.choice([1, 1, 1, 1, 2, -1, 0, 300, 1.0, True, "2", None])
    check = rng.choice([True, True, False])
    name = rng.choice(["evaluate_hi", "evaluate_lo", "evaluate_hilo"])
    ok, out = judge(t, "evaluate", getattr(oe, name), hole, board, workers=workers, check=check)
    if ok:
        scores = out if name != "evaluate_hilo" else out[0]
        assert np.all(np.asarray(scores) <= 7462)
    fn = rng.choice([oe.best_hi_cards, oe.best_lo_cards])
    judge(t, fn.__name__, fn, hole, board)
    judge(t, "describe_hand", describe_hand, hole, board, game=rng.choice(["hi", "hilo", "x", 3]))


def fuzz_scores(j: Junk, t: Tally) -> None:
    rng = j.rng
    value = rng.choice([rng.randrange(-5, 7470), j.scalar(), rng.randrange(0, 60)])
    for fn in (oe.describe_hi, oe.describe_lo, oe.hi_category):
        judge(t, fn.__name__, fn, value)


def fuzz_card_text(j: Junk, t: Tally) -> None:
    rng = j.rng
    value = j.hand_value(rng.randrange(0, 9))
    ok, out = judge(t, "parse_cards", oe.parse_cards, value, unique=rng.choice([True, False]))
    if ok and out.ndim == 1:
        assert oe.parse_cards(oe.format_cards(out), unique=False).tolist() == out.tolist()
    judge(t, "format_cards", oe.format_cards, value, sep=rng.choice(["", " ", ",", None, 5]))
    judge(t, "new_deck", oe.new_deck)


def fuzz_ranges(j: Junk, t: Tally) -> None:
    rng = j.rng
    text = j.range_text()
    ok, r = judge(t, "parse_range", oe.parse_range, text,
                  game=rng.choice(["hi", "hi", "hilo", "omaha", None]),
                  hole_cards=rng.choice([None, None, 4, 5, 6, 7, True, 4.0]))
    if ok:
        assert len(r) > 0 and not r.hands.flags.writeable
        assert np.all(np.diff(r.hands.astype(np.int64), axis=1) > 0)
    judge(t, "hand_percentile", oe.hand_percentile, j.hand_value(4),
          game=rng.choice(["hi", "hilo", "x"]))
    k = rng.choice([4, 5, 3, 7, "4", 4.0, None, True])
    judge(t, "canonical_hands", oe.canonical_hands, k)
    judge(t, "preflop_table", oe.preflop_table, rng.choice(["hi", "hilo", "omaha", 1, None, []]))


def fuzz_equity(j: Junk, t: Tally) -> None:
    rng = j.rng
    n = rng.choice([2, 2, 3, 1, 11])
    hands = [rng.choice([j.hand_value(4), j.range_text(), "".join(j.cards(4))]) for _ in range(n)]
    board = rng.choice(["", "".join(j.cards(3)), j.hand_value(rng.choice([3, 4, 5, 6]))])
    trials = rng.choice([200, 200, 500, 0, -5, 2**70, 1.5, "100", True])
    seed = rng.choice([1, 0, -1, 2**64, 2**70, "x", None, 1.5])
    game = rng.choice(["hi", "hilo", "plo5", "omaha", 7])
    judge(t, "equity", oe.equity, hands, board, rng.choice(["", "2c"]), game=game,
          trials=trials, seed=seed, limit=3 * CPU_LIMIT)
    holes = rng.choice([j.hand_value(4), [j.hand_value(4), j.hand_value(4)]])
    judge(t, "equity_batch", oe.equity_batch, holes, rng.choice([None, j.hand_value(5)]),
          trials=rng.choice([200, 0, None]), seed=1, limit=3 * CPU_LIMIT)
    judge(t, "showdown", oe.showdown, [j.hand_value(4) for _ in range(rng.choice([2, 3, 1]))],
          j.hand_value(5), game=rng.choice(["hi", "hilo", "x"]))


QUERIES = [
    "select avg(riverEquity(hero)) as eq from game='omahahi', hero='AsKsQhJh', "
    "villain='2c2d7h8s', board='Ts9d4c'",
    "select count(winsHi(hero)) from game='omaha8', hero='AA**', villain='KK**', board='Ts9d4c'",
    "select histogram(handType(hero, river)) from game='omahahi', hero='AsKsQhJh', "
    "villain='*', board='Ts9d4c' where inRange(villain, 'KK**')",
]


def fuzz_board_and_queries(j: Junk, t: Tally) -> None:
    rng = j.rng
    board = rng.choice(["Ts9d3c", "9h8s2d", "Ts9d3c4h", j.hand_value(rng.choice([3, 4, 5]))])
    judge(t, "classify", oe.classify, rng.choice([j.hand_value(4), "JhTs7d4c"]), board,
          rng.choice(["hi", "hilo", "x"]), limit=3 * CPU_LIMIT)
    small = rng.choice(["AA**ds", "KK**ss", "AsKsQhJh", "QQ** r"])
    wide = j.range_text() if rng.random() < 0.2 else j.mutate(small)
    # board analysis of a wide range is real work (seconds): a wider limit than other calls
    judge(t, "breakdown", oe.breakdown, rng.choice([small, wide]), board,
          against=rng.choice([None, "KK**ds", "AsKsQhJh"]), limit=10 * CPU_LIMIT)
    judge(t, "equity_distribution", oe.equity_distribution, rng.choice([small, wide]),
          rng.choice(["KK**ds", "QsJsTh9h"]), board, limit=10 * CPU_LIMIT)
    query = rng.choice(QUERIES)
    judge(t, "pql", oe.pql, j.mutate(query) if rng.random() < 0.8 else query,
          trials=rng.choice([200, 500, 0, -1, 1.5]), seed=1, limit=3 * CPU_LIMIT)




def _configs() -> list[Any]:
    from omaha_eval.game import GameConfig

    return [GameConfig.pot_limit(1, 2), GameConfig.no_limit(5, 10, game="hilo"),
            GameConfig.fixed_limit(4, game="hilo", ante=1), GameConfig.spread_limit(2, 10)]


def fuzz_game(j: Junk, t: Tally) -> None:
    from omaha_eval.game import Hand, Table, TableRules

    rng = j.rng
    config = rng.choice(_configs())
    players = rng.choice([2, 3, 6, 1, 11])
    stacks = rng.choice([[rng.randrange(1, 400) for _ in range(players)],
                         [rng.choice([0, -5, 2**70, 1.5, None]) for _ in range(players)], j.scalar()])
    kwargs = rng.choice([{}, {"seed": rng.choice([1, -1, "x", 2**70])},
                         {"button": rng.choice([0, 1, 99, -1, 1.0])},
                         {"hole_cards": [j.hand_value(4) for _ in range(players)]},
                         {"board": j.hand_value(5)}, {"showdown": rng.choice(["manual", "x"])}])
    ok, hand = judge(t, "Hand", Hand, config, stacks, **kwargs)
    if ok:
        for _ in range(rng.randrange(1, 12)):
            if hand.is_over:
                break
            verb = rng.choice(["fold", "check", "call", "bet", "raise_to", "all_in",
                               "check_or_call", "bet_or_raise_to", "show", "muck"])
            args = (rng.choice([0, 1, 2, 7, 50, 10**9, -3, 2.5, None]),) \
                if verb in ("bet", "raise_to", "bet_or_raise_to") else ()
            before = hand_state(hand)
            done, _ = judge(t, "Hand." + verb, getattr(hand, verb), *args)
            if not done:
                assert hand_state(hand) == before, f"refused {verb}{args} changed the hand"
    rules = rng.choice([None, TableRules(), TableRules(seats=rng.choice([2, 6, 10]))])
    ok, table = judge(t, "Table", Table, config, rules, seed=rng.choice([1, None, -1]))
    if ok:
        for _ in range(rng.randrange(1, 10)):
            op = rng.choice(["sit", "sit", "sit", "leave", "sit_out", "sit_in", "add_chips",
                             "start_hand"])
            seat = rng.choice([0, 1, 2, 3] * 4 + [5, 9, 10, -1, 99, 1.0, None, "0"])
            args = {"sit": (seat, rng.choice(["ann", "bob", "cy", "dee"] * 3 + ["", "x" * 300,
                                                                              None, 3]),
                            rng.choice([100, 200] * 4 + [0, -1, 2**70, 1.5])),
                    "leave": (seat,), "sit_out": (seat,), "sit_in": (seat,),
                    "add_chips": (seat, rng.choice([10, -10, 1.5, 2**70])),
                    "start_hand": ()}[op]
            before = table_state(table)
            done, _ = judge(t, "Table." + op, getattr(table, op), *args)
            if not done:
                assert table_state(table) == before, f"refused {op}{args} changed the table"
            elif op == "start_hand" and table.hand is not None:
                for _ in range(rng.randrange(0, 6)):
                    hand = table.hand
                    if hand is None or hand.is_over:
                        break
                    verb = rng.choice(["fold", "check", "call", "check_or_call"])
                    before = table_state(table)
                    done, _ = judge(t, "Hand." + verb, getattr(hand, verb))
                    if not done:
                        assert table_state(table) == before


_PHH_TEXTS: list[str] = []
_HH_TEXTS: list[str] = []


def _samples() -> tuple[list[str], list[str]]:
    if not _PHH_TEXTS:
        _PHH_TEXTS.extend(p.read_text() for p in sorted((SHARED / "phh").rglob("*.phh"))[:20])
        for site in sorted((SHARED / "hh").glob("*")):
            if site.is_dir():
                _HH_TEXTS.extend(p.read_text(errors="replace")[:20000]
                                 for p in sorted(site.rglob("*.txt"))[:3])
    return _PHH_TEXTS, _HH_TEXTS


def fuzz_histories(j: Junk, t: Tally, tmp: Path) -> None:
    from omaha_eval import hh
    from omaha_eval.game.phh import hand_from_phh, parse_phh

    rng = j.rng
    phh, sites = _samples()
    if phh:
        text = phh[rng.randrange(len(phh))]
        if "\n" not in (text := _mutate_lines(j, text)):
            text += "\n"  # never a path: item 1's reader is another engineer's
        judge(t, "parse_phh", parse_phh, text)
        judge(t, "hand_from_phh", hand_from_phh, text, seed=rng.choice([0, 1]))
    if sites:
        text = _mutate_lines(j, sites[rng.randrange(len(sites))])
        ok, found = judge(t, "hh.read_text", hh.read_text, text)
        if ok:
            for item in found[:3]:
                if isinstance(item, hh.SiteHand):
                    judge(t, "hh.replay_hand", hh.replay_hand, item)
        if rng.random() < 0.1:
            path = tmp / "h.txt"
            path.write_bytes(text.encode("utf-8", "replace") if rng.random() < 0.8
                             else bytes(rng.randrange(256) for _ in range(200)))
            judge(t, "hh.read_file", hh.read_file, path)


def _mutate_lines(j: Junk, text: str) -> str:
    rng = j.rng
    lines = text.splitlines()
    for _ in range(rng.choice([1, 2, 4])):
        if not lines:
            break
        at = rng.randrange(len(lines))
        op = rng.randrange(4)
        if op == 0:
            lines[at] = j.mutate(lines[at])
        elif op == 1:
            del lines[at]
        elif op == 2:
            lines.insert(at, lines[rng.randrange(len(lines))])
        else:
            lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
    return "\n".join(lines) + "\n"


BODIES = {
    "/v1/evaluate": {"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"},
    "/v1/equity": {"hands": ["AA**", "KsKdQhJh"], "trials": 500, "seed": 1},
    "/v1/showdown": {"hands": ["AsKsQhJh", "3c4d6h7h"], "board": "Ts9s8h2c2d"},
    "/v1/hands": {"config": {"structure": "pot", "small_blind": 1, "big_blind": 2},
                  "stacks": [100, 100], "seed": 1, "actions": [{"action": "call"}]},
    "/v1/phh/export": {"config": {"structure": "pot", "small_blind": 1, "big_blind": 2},
                       "stacks": [100, 100], "seed": 1, "actions": []},
    "/v1/phh/replay": {"text": "variant = 'PO'\nstarting_stacks = [100, 100]\n"},
    "/v1/pql": {"query": "select avg(riverEquity(hero)) as eq from game='omahahi', "
                "hero='AsKsQhJh', villain='2c2d7h8s', board='Ts9d4c'", "trials": 300, "seed": 1},
}


def _mutate_json(j: Junk, value: Any, depth: int = 0) -> Any:
    rng = j.rng
    if rng.random() < 0.15:
        return rng.choice([None, True, -1, 2**70, 1.5, "", "x" * 50, [], {}, [[]],
                           {"a": [1, {"b": None}]}, "AsAs", "A*****", 1e308])
    if isinstance(value, dict):
        out = {k: _mutate_json(j, v, depth + 1) for k, v in value.items() if rng.random() > 0.1}
        if rng.random() < 0.1:
            out[rng.choice(["extra", "hands", "trials", "game", "text"])] = _json_text(j) \
                if rng.random() < 0.5 else 3
        return out
    if isinstance(value, list):
        return [_mutate_json(j, v, depth + 1) for v in value if rng.random() > 0.1] + \
            ([_json_text(j)] if rng.random() < 0.1 else [])
    if isinstance(value, str):
        return j.mutate(value)
    return value


def _json_text(j: Junk) -> str:
    text = j.range_text()
    return text if isinstance(text, str) else repr(text)


def fuzz_service(j: Junk, t: Tally, client: Any) -> None:
    rng = j.rng
    path = rng.choice(sorted(BODIES))
    t.calls["service " + path] += 1
    if rng.random() < 0.1:
        raw = j.mutate('{"hole": "AsKsQhJh", "board": "Ts9s8h2c2d"}').encode("utf-8", "replace")
        r = client.post(path, content=raw, headers={"content-type": "application/json"})
    else:
        r = client.post(path, json=_mutate_json(j, BODIES[path]))
    assert r.status_code < 500, f"{r.status_code} for {path}: {r.text[:300]}"
    assert r.headers.get("content-type", "").startswith("application/json"), r.headers
    body = r.json()
    if r.status_code >= 400:
        assert "detail" in body, body
        t.errors[("service " + path, str(r.status_code))] += 1


# ---------------------------------------------------------------- the runs

WEIGHTS = [(fuzz_evaluator, 30), (fuzz_scores, 10), (fuzz_card_text, 20), (fuzz_ranges, 10),
           (fuzz_equity, 4), (fuzz_game, 6), (fuzz_histories, 4), (fuzz_service, 3),
           (fuzz_board_and_queries, 1)]


def _share(fn: Callable[..., None]) -> int:
    weight = dict(WEIGHTS)[fn]
    return max(20, TOTAL * weight // (sum(w for _, w in WEIGHTS) * 3))  # ~3 calls per round


@pytest.mark.parametrize("target", [fn for fn, _ in WEIGHTS if fn is not fuzz_service],
                         ids=lambda fn: fn.__name__)
def test_fuzz_public_functions(target: Callable[..., None], tmp_path: Path) -> None:
    tally = Tally()
    junk = Junk(random.Random(f"{SEED}-{target.__name__}"))
    for _ in range(_share(target)):
        if target is fuzz_histories:
            target(junk, tally, tmp_path)
        else:
            target(junk, tally)
    print("\n" + target.__name__ + ": " + tally.report())
    assert sum(tally.calls.values()) >= _share(target)


def test_fuzz_service_endpoints() -> None:
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from omaha_eval.service import Limits, create_app

    tally = Tally()
    junk = Junk(random.Random(f"{SEED}-service"))
    with TestClient(create_app(Limits(time_limit=5.0)), raise_server_exceptions=False) as client:
        for _ in range(_share(fuzz_service)):
            fuzz_service(junk, tally, client)
    print("\nservice: " + tally.report())


# ---------------------------------------------------------------- fixed in this round

@pytest.mark.parametrize("call", [
    lambda: oe.evaluate_hi([2**63, 1, 2, 3], [4, 5, 6, 7, 8]),        # OverflowError in _core
    lambda: oe.evaluate_lo([4, 5, 6, 7], [2**64, 1, 2, 3, 9]),
    lambda: oe.evaluate_hi([[1, 2, 3, 4], [5, 6, 7]], "2c3d4h5s6c"),  # ragged lists
    lambda: oe.best_hi_cards("AsKdQhJh", [[1, 2], [3]]),
    lambda: oe.parse_cards(b"AsKd"),                                  # bytes
    lambda: oe.parse_cards(["As", b"Kd"]),
    lambda: oe.format_cards("AsKd", sep=5),                            # AttributeError before
    lambda: oe.parse_cards("AsKd", unique=np.array([1, 2])),           # truth of an array
    lambda: oe.parse_range("AA**", game=np.array(["hi", "hilo"])),
    lambda: oe.parse_range("AA**", hole_cards=np.array([4, 5])),
    lambda: oe.preflop_table(["hi"]),                                  # unhashable in a cache
    lambda: oe.canonical_hands([4]),
    lambda: oe.describe_hi("7000"),
    lambda: oe.describe_lo(99),
    lambda: oe.evaluate_hi("AsKdQhJh", "2c3d4h5s6c", workers="2"),
    lambda: oe.evaluate_hi(["AsKdQhJh"] * 3, ["2c3d4h5s6c"] * 2),
    lambda: oe.hand_percentile("AsKdQhJh2c"),
    lambda: oe.equity_batch("AsAs", "2c3c4c"),                        # IndexError (main fixed it)
])
def test_former_foreign_errors_are_the_librarys(call: Callable[[], Any]) -> None:
    with pytest.raises(oe.OmahaEvalError) as info:
        call()
    assert str(info.value)


def test_type_errors_stay_type_errors() -> None:
    # the library's type errors are also TypeErrors, as before
    for call in (lambda: oe.parse_range(["AA**"]), lambda: oe.describe_hi("x"),
                 lambda: oe.parse_cards("As", unique="yes")):
        with pytest.raises(TypeError):
            call()
        with pytest.raises(oe.ArgumentTypeError):
            call()


# ---------------------------------------------------------------- other areas' bugs

@pytest.mark.parametrize("call, owner", [
    pytest.param(lambda: oe.evaluate_hi("AsKdQhJh", "2c3d4h5s6c", check=np.array([1, 0])),
                 "platform"),
    pytest.param(lambda: oe.equity(["AsKsQhJh"] * 11), "_equity.py"),
    pytest.param(lambda: oe.equity_batch([["6h", "5s", "9d", "Jc"], [2**68, 55, 2**60, 2**60]],
                                         "5d7c6dTdAs", seed=1), "_equity.py"),
    pytest.param(lambda: oe.showdown(["5hKc6sJd", [43, 2**66, 2**67, 34]], "4d7hQh3sTh"),
                 "_equity.py"),
    pytest.param(lambda: oe.equity_batch([("Qc", "7c", "Js", "6d", np.array(3)),
                                          ["9c", "2c", "8h", "Tc"]], None, trials=0, seed=1),
                 "_equity.py"),
    pytest.param(lambda: oe.showdown([["9h", "8s", "3c", "Qc"]], ("Js", "Th", "6s", "Ah", b"\xff")),
                 "_equity.py"),
    pytest.param(lambda: oe.equity_batch([np.array(3), [52, " "]], None, trials=0, seed=1),
                 "_equity.py"),
    pytest.param(lambda: oe.classify(("Jd", "Ts", "6c", "4s", np.array(3)), "Ts9d3c4h"),
                 "board/"),
], ids=["evaluate-check-array", "equity-plain-ValueError", "equity_batch-not-iterable",
        "showdown-ragged", "equity_batch-0d", "showdown-bytes", "equity_batch-unsized",
        "classify-unsized"])
def test_former_bugs_of_other_areas(call: Callable[[], Any], owner: str) -> None:
    try:
        call()
    except oe.OmahaEvalError:
        return
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{owner}: {type(exc).__name__}: {exc}") from exc


# ---------------------------------------------------------------- memory, in a subprocess

PEAK = r'''
# this process's own peak: Linux's VmHWM belongs to the process image after exec, while
# ru_maxrss keeps the high-water mark of the process that forked it (pytest's, in a full run)
try:
    with open("/proc/self/status") as status:
        print(next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")))
except OSError:
    scale = 1024 if sys.platform == "darwin" else 1  # ru_maxrss is in bytes on macOS
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // scale)
'''

HEAVY = r'''
import resource, sys
import omaha_eval as oe
calls = [
    lambda: oe.parse_range("A*****"),
    lambda: oe.parse_range(", ".join(f"****!{a}{b}QhJh" for a in ("As", "Ad", "Ac") for b in ("Ks", "Kd", "Kc", "Kh")) * 50),
    lambda: oe.parse_range("AA****, KK****"),
    lambda: oe.parse_range("*****!A****!AsKsQsJsTs," * 30),
    lambda: oe.parse_range("random", hole_cards=6),
    lambda: oe.evaluate_hi([[0, 1, 2, 3]] * 200000, [4, 5, 6, 7, 8]),
    lambda: oe.equity(["AA**ds", "KK**", "QQ**"], "2c7d9h", trials=20000, seed=1),
]
for call in calls:
    try:
        call()
    except oe.OmahaEvalError:
        pass
{peak}'''


def test_heavy_inputs_stay_within_memory(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = tmp_path / "heavy.py"
    script.write_text(HEAVY.replace("{peak}", PEAK))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    peak_kb = int(done.stdout.strip().splitlines()[-1])
    assert peak_kb < 700 * 1024, f"peak RSS {peak_kb / 1024:.0f} MB"  # main: ~1.1 GB on A*****


def test_peak_measure_is_the_child_own() -> None:
    # ru_maxrss in a child reports the parent's high-water mark at exec (1.5 GB under a full
    # pytest run, once taken for the child's); the measure above must not
    import subprocess
    import sys

    ballast = b"\x01" * (400 * 2**20)  # 400 MB resident in this process while the child runs
    done = subprocess.run([sys.executable, "-c", "import resource, sys\n" + PEAK],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.strip()) < 200 * 1024, done.stdout
    del ballast
