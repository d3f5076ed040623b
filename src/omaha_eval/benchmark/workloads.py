"""The standard workloads: what is timed, how big it is, and the seeded inputs.

Every input is derived from one integer seed with NumPy's PCG64, so two runs (on any machine)
time exactly the same deals. One *item* is the unit a workload is counted in: a (hand, board)
pair for scoring, a board for exact equity, a trial for Monte Carlo, a played hand for the
rules layer. ``ns/item`` and ``items/s`` in the report are per that unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

DEFAULT_SEED = 20240601

# Exact heads-up preflop spot of the issue: every one of the C(44, 5) = 1,086,008 boards.
EXACT_HANDS = ("AsKsQhJh", "2c2d7h8s")
# --quick keeps the same hands but fixes a flop, leaving C(41, 2) = 820 boards.
QUICK_FLOP = "Ts9d3c"
# Three-way preflop Monte Carlo: a rundown, a double-suited ace hand and a wheel draw.
MC_HANDS = ("AsKsQhJh", "2c2d7h8s", "Td9d8c7c")

FULL_SIZES: Dict[str, int] = {"eval": 1_000_000, "board": 1_000_000, "mc": 1_000_000, "call": 20_000,
                              "game-hu": 2_000, "game-6max": 1_000, "query": 1_000_000,
                              "query-flop": 200_000}
QUICK_SIZES: Dict[str, int] = {"eval": 20_000, "board": 20_000, "mc": 20_000, "call": 2_000,
                               "game-hu": 20, "game-6max": 10, "query": 20_000, "query-flop": 2_000}
# PQL (issue 28): the Odds Oracle's "suck and resuck" (HvHequity on the flop and the turn for
# every sampled deal) and the plain river equity of AA** against a random hand (the spot
# oe.equity answers: compare mc-style rows by ns/trial).
QUERY_SUCK = ("select count(HvHequity(villain, turn) > 0.5 and winsHi(hero)) as suckAndResuck "
              "from game='omahahi', hero='AA**', villain='****' where HvHequity(hero, flop) > 0.5")
QUERY_EQUITY = ("select avg(riverEquity(hero)) as heroEquity from game='omahahi', hero='AA**', "
                "villain='****'")


@dataclass
class Workload:
    """One standard workload. ``params`` holds what the adapters need (see :func:`standard`)."""

    name: str
    kind: str                   # "eval", "equity" or "game"
    title: str                  # one line for people
    unit: str                   # what one item is
    size: int                   # items in the full workload (an exact enumeration: its boards)
    seed: int
    params: Dict[str, Any]
    # True when a library may be timed on a prefix of the items (per-item work, e.g. scoring,
    # or one call of a small spot); False when the work is one indivisible call (an exact
    # enumeration).
    divisible: bool = True
    # True when every item is the same call (a small spot repeated ``calls`` times): one call
    # is then enough for the agreement check, and a slow library may be timed on a single call.
    repeated_call: bool = False
    # Workloads next to each other with the same group are timed in one interleaved loop (the
    # ratio between them, e.g. workers=2 against workers=1, is then free of the machine's drift).
    group: Optional[str] = None
    _data: Optional[Any] = field(default=None, repr=False)

    @property
    def data(self) -> Any:
        """The seeded inputs, built on first use (a million deals take about a second)."""
        if self._data is None:
            self._data = _build_data(self)
        return self._data

    def release(self) -> None:
        """Free the built inputs (the next read of :attr:`data` builds them again)."""
        self._data = None

    def describe(self) -> Dict[str, Any]:
        """JSON-ready description (no arrays)."""
        params = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.params.items()}
        return {"name": self.name, "kind": self.kind, "title": self.title, "unit": self.unit,
                "size": self.size, "seed": self.seed, "params": params}


def random_deals(n: int, cards: int, seed: int, exclude: Sequence[int] = ()) -> np.ndarray:
    """``(n, cards)`` uint8: each row ``cards`` distinct cards, uniformly at random, in random order.

    A vectorised partial Fisher-Yates shuffle of one deck per row; cards in ``exclude`` are
    left out of every deck. Deterministic for a given seed.
    """
    rng = np.random.Generator(np.random.PCG64(seed))
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.asarray(exclude, dtype=np.uint8))
    size = deck.size
    if cards > size:
        raise ValueError(f"cannot deal {cards} cards from a deck of {size}")
    # decks are columns so that each step touches contiguous memory
    decks = np.repeat(deck[:, None], n, axis=1)
    columns = np.arange(n)
    for k in range(cards):
        pick = k + rng.integers(0, size - k, n)
        chosen = decks[pick, columns]
        decks[pick, columns] = decks[k]
        decks[k] = chosen
    return np.ascontiguousarray(decks[:cards].T)


# The flush-capable shared board of ``board-hi-flush``: three spades (As Qs 7h 4d 2s), so every
# hand with two spades goes through the flush part.
FLUSH_BOARD = (51, 43, 22, 9, 3)


# Hands per call of ``call-hilo-hands10`` (one board, ten hands: a ten-seat showdown).
CALL_HANDS = 10


def _build_calls(w: Workload) -> Any:
    """Per-call deals: (holes (n, 4), boards (n, 5)), or for a batch per call (holes (n, 10, 4),
    boards (n, 5)) with every hand valid against its board."""
    if w.params["calls"] != "hands10":
        deals = random_deals(w.size, 9, w.seed)
        return np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    rng = np.random.Generator(np.random.PCG64(w.seed))
    perms = np.argsort(rng.random((w.size, 52)), axis=1).astype(np.uint8)
    boards = np.ascontiguousarray(perms[:, :5])
    holes = np.ascontiguousarray(perms[:, 5:5 + 4 * CALL_HANDS].reshape(w.size, CALL_HANDS, 4))
    return holes, boards


def _build_data(w: Workload) -> Any:
    if w.kind == "eval" and "calls" in w.params:
        return _build_calls(w)
    if w.kind == "eval":
        k = w.params.get("hole_cards", 4)
        if w.params["shared_board"]:
            if w.params.get("flush_board"):
                board = np.array(FLUSH_BOARD, dtype=np.uint8)
            else:
                rng = np.random.Generator(np.random.PCG64(w.seed))
                board = rng.permutation(52)[:5].astype(np.uint8)
            holes = random_deals(w.size, k, w.seed + 1, exclude=board.tolist())
            return holes, board
        deals = random_deals(w.size, k + 5, w.seed)
        return np.ascontiguousarray(deals[:, :k]), np.ascontiguousarray(deals[:, k:])
    if w.kind == "game":  # replayable scripts, made by playing our rules layer (untimed)
        from .games import make_scripts
        return make_scripts(w.params["players"], w.size, w.seed)
    return None  # equity workloads are fully described by their params


def standard(quick: bool = False, seed: int = DEFAULT_SEED,
             sizes: Optional[Dict[str, int]] = None) -> List[Workload]:
    """The standard workloads in report order. ``sizes`` overrides item counts (tests use tiny ones)."""
    table = dict(QUICK_SIZES if quick else FULL_SIZES)
    table.update(sizes or {})
    out: List[Workload] = []
    n = table["eval"]
    for mode, what in (("hi", "hi score"), ("lo", "8-or-better low score"),
                       ("hilo", "hi and low scores in one pass")):
        out.append(Workload(
            f"eval-{mode}", "eval", f"{what} of {n:,} random (hand, board) pairs",
            "hand", n, seed, {"mode": mode, "shared_board": False}))
    for k in (5, 6):
        for mode, what in (("hi", "hi score"), ("hilo", "hi and low scores")):
            out.append(Workload(
                f"eval-plo{k}-{mode}", "eval",
                f"{what} of {n:,} random {k}-card Omaha (hand, board) pairs", "hand", n,
                seed + k, {"mode": mode, "shared_board": False, "hole_cards": k}))
    n = table["board"]
    out.append(Workload(
        "board-hi", "eval", f"hi score of {n:,} random hands on one shared board (no flush possible)",
        "hand", n, seed + 2, {"mode": "hi", "shared_board": True}))
    out.append(Workload(
        "board-hi-flush", "eval", f"hi score of {n:,} random hands on one shared three-suited "
        "board (As Qs 7h 4d 2s: flushes possible)", "hand", n, seed + 2,
        {"mode": "hi", "shared_board": True, "flush_board": True}))
    n = table["call"]
    for name, mode, calls, what in (
            ("call-hi-ints", "hi", "ints", "lists of ints"),
            ("call-hi-arrays", "hi", "arrays", "uint8 arrays"),
            ("call-hi-text", "hi", "text", "text"),
            ("call-hilo-text", "hilo", "text", "text"),
            ("call-hilo-hands10", "hilo", "hands10", f"{CALL_HANDS} hands on one board")):
        out.append(Workload(
            name, "eval", f"{n:,} single calls, one deal each as {what}" if calls != "hands10"
            else f"{n:,} single calls of {what}", "call", n, seed + 20,
            {"mode": mode, "shared_board": False, "calls": calls}))
    board = QUICK_FLOP if quick else ""
    boards = 820 if quick else 1_086_008
    where = f"on the flop {QUICK_FLOP}" if quick else "preflop"
    for game in ("hi", "hilo"):
        out.append(Workload(
            f"exact-{game}", "equity",
            f"exact heads-up {game} equity {where}, {EXACT_HANDS[0]} vs {EXACT_HANDS[1]}, "
            f"all {boards:,} boards",
            "board", boards, seed, {"hands": EXACT_HANDS, "board": board, "dead": "", "game": game,
                                    "trials": None}, divisible=False))
    n = table["mc"]
    out.append(Workload(
        "mc3-hi", "equity", f"three-way preflop hi Monte Carlo, {n:,} trials, "
        f"{' vs '.join(MC_HANDS)}", "trial", n, seed,
        {"hands": MC_HANDS, "board": "", "dead": "", "game": "hi", "trials": n}))
    out.extend(_small_and_family(quick, seed))
    for name, key, query, what in (
            ("query-river-equity", "query", QUERY_EQUITY, "avg(riverEquity(hero)), AA** vs random"),
            ("query-suck-resuck", "query-flop", QUERY_SUCK,
             "suck and resuck: HvHequity on flop and turn, AA** vs random")):
        n = table[key]
        out.append(Workload(name, "query", f"PQL {what}, {n:,} sampled trials", "trial", n,
                            seed, {"query": query, "trials": n}))
    for key, players in (("game-hu", 2), ("game-6max", 6)):
        n = table[key]
        label = "heads-up" if players == 2 else "6-max"
        out.append(Workload(
            key, "game", f"{n:,} complete random {label} pot-limit Omaha hands through the rules "
            "layer (random legal actions)", "hand", n, seed, {"players": players}))
    return out


# Small spots (issue 12): one call is the item, repeated `calls` times in a timed run, so that
# the per-call cost (Python around a few microseconds of native work) is what is measured. A
# library too slow for all the calls in the budget is timed on fewer of them (at least one),
# like a prefix of a scoring workload; ns/item stays the cost of one call.
SMALL_SPOTS = (
    ("spot-flop-hu", "heads-up flop", EXACT_HANDS, QUICK_FLOP, "hi", 2_000),
    ("spot-turn-hu", "heads-up turn", EXACT_HANDS, QUICK_FLOP + "Kh", "hi", 5_000),
    # every board: the spot workers=2 must speed up (two exact phases of ~0.15 ms per thread)
    ("spot-preflop-hu", "heads-up preflop", EXACT_HANDS, "", "hi", 20),
)
# The Omaha family (issue 11): 5- and 6-card flop and turn spots, Courchevel's one-card board,
# and 5-card three-way Monte Carlo. pe_variant: poker-equity's name for the same game.
FIVE_HANDS = ("AsAhKsQdJc", "2c3d4h5s6c")
SIX_HANDS = ("AsAhKsQdJc9h", "2c3d4h5s6c7c")
FAMILY_SPOTS = (
    ("variant-plo5-flop", "5-card hi flop", FIVE_HANDS, "Kd8d9c", "hi", "omaha_five", 100),
    ("variant-plo5-turn", "5-card hi turn", FIVE_HANDS, "Kd8d9c2h", "hi", "omaha_five", 1_000),
    ("variant-plo58-flop", "Big O (5-card hi-lo) flop", ("As2sKdKh3c", "Ac2c9h9d3d"), "4h8dKs",
     "hilo", "omaha_five_hi_lo", 100),
    ("variant-plo6-flop", "6-card hi flop", SIX_HANDS, "Kd8d9c", "hi", "omaha_six", 100),
    ("variant-plo6-turn", "6-card hi turn", SIX_HANDS, "Kd8d9c2h", "hi", "omaha_six", 1_000),
    ("variant-courchevel-1", "Courchevel hi, one-card board", FIVE_HANDS, "Kd", "hi",
     "courchevel", 1),
    ("variant-courchevel8-1", "Courchevel hi-lo, one-card board", FIVE_HANDS, "Kd", "hilo",
     "courchevel_hi_lo", 1),
)
MC5_HANDS = ("AsAhKsQdJc", "2c3d4h5s6c", "7h7d8h9sTs")


def _small_and_family(quick: bool, seed: int) -> List[Workload]:
    out: List[Workload] = []
    for name, what, hands, board, game, calls in SMALL_SPOTS:
        calls = calls // 10 if quick else calls
        for workers in (None, 2):
            suffix, note = ("", "") if workers is None else ("-w2", ", workers=2")
            out.append(Workload(
                name + suffix, "equity", f"exact {what} equity {board}, {' vs '.join(hands)}: "
                f"{calls:,} calls{note}", "call", calls, seed,
                {"hands": hands, "board": board, "dead": "", "game": game, "trials": None,
                 "calls": calls, "workers": workers}, repeated_call=True, group=name))
    for name, what, hands, board, game, pe_variant, calls in FAMILY_SPOTS:
        calls = max(1, calls // 10) if quick else calls
        out.append(Workload(
            name, "equity", f"exact {what} equity {board}, {' vs '.join(hands)}: {calls:,} calls",
            "call", calls, seed,
            {"hands": hands, "board": board, "dead": "", "game": game, "trials": None,
             "calls": calls, "pe_variant": pe_variant}, repeated_call=True))
    n = QUICK_SIZES["mc"] if quick else FULL_SIZES["mc"]
    out.append(Workload(
        "variant-mc3-plo5", "equity", f"three-way preflop 5-card hi Monte Carlo, {n:,} trials, "
        f"{' vs '.join(MC5_HANDS)}", "trial", n, seed,
        {"hands": MC5_HANDS, "board": "", "dead": "", "game": "hi", "trials": n,
         "pe_variant": "omaha_five"}))
    return out


def select(workloads: List[Workload], only: Optional[str]) -> List[Workload]:
    """Workloads named in a comma-separated ``only`` (exact names or prefixes: ``eval``, ``exact``)."""
    if not only:
        return workloads
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    chosen = [w for w in workloads
              if any(w.name == p or w.name.startswith(p.rstrip("-") + "-") for p in wanted)]
    unknown = [p for p in wanted
               if not any(w.name == p or w.name.startswith(p.rstrip("-") + "-") for w in workloads)]
    if unknown:
        names = ", ".join(w.name for w in workloads)
        raise ValueError(f"unknown workload {unknown[0]!r} in --only; known: {names}")
    return chosen


def call_count(w: Workload, n: int) -> int:
    """Equity calls a timed run of the first ``n`` items makes: ``n`` for a small spot (its item
    is one call), else one call (an enumeration or a Monte Carlo run of ``n`` trials)."""
    return n if w.repeated_call else 1


def deal_prefix(data: Tuple[np.ndarray, np.ndarray], n: int) -> Tuple[np.ndarray, np.ndarray]:
    """The first ``n`` (hole, board) items of an eval workload (a shared board stays shared)."""
    holes, boards = data
    return holes[:n], (boards if boards.ndim == 1 else boards[:n])
