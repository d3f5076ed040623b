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

FULL_SIZES: Dict[str, int] = {"eval": 1_000_000, "board": 1_000_000, "mc": 1_000_000,
                              "game-hu": 2_000, "game-6max": 1_000}
QUICK_SIZES: Dict[str, int] = {"eval": 20_000, "board": 20_000, "mc": 20_000,
                               "game-hu": 20, "game-6max": 10}


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
    # True when a library may be timed on a prefix of the items (per-item work, e.g. scoring);
    # False when the work is one indivisible call (an exact enumeration).
    divisible: bool = True
    _data: Optional[Any] = field(default=None, repr=False)

    @property
    def data(self) -> Any:
        """The seeded inputs, built on first use (a million deals take about a second)."""
        if self._data is None:
            self._data = _build_data(self)
        return self._data

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


def _build_data(w: Workload) -> Any:
    if w.kind == "eval":
        if w.params["shared_board"]:
            rng = np.random.Generator(np.random.PCG64(w.seed))
            board = rng.permutation(52)[:5].astype(np.uint8)
            holes = random_deals(w.size, 4, w.seed + 1, exclude=board.tolist())
            return holes, board
        deals = random_deals(w.size, 9, w.seed)
        return np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
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
    n = table["board"]
    out.append(Workload(
        "board-hi", "eval", f"hi score of {n:,} random hands on one shared board",
        "hand", n, seed + 2, {"mode": "hi", "shared_board": True}))
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
    for key, players in (("game-hu", 2), ("game-6max", 6)):
        n = table[key]
        label = "heads-up" if players == 2 else "6-max"
        out.append(Workload(
            key, "game", f"{n:,} complete random {label} pot-limit Omaha hands through the rules "
            "layer (random legal actions)", "hand", n, seed, {"players": players}))
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


def deal_prefix(data: Tuple[np.ndarray, np.ndarray], n: int) -> Tuple[np.ndarray, np.ndarray]:
    """The first ``n`` (hole, board) items of an eval workload (a shared board stays shared)."""
    holes, boards = data
    return holes[:n], (boards if boards.ndim == 1 else boards[:n])
