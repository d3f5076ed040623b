"""Rules-engine speed: complete hands with a showdown per second, beside PokerKit in the same run.

The hand: pot-limit Omaha (hi, or hi-lo 8 or better), blinds 1/2, stacks 200, a freshly shuffled
deck, every player checks or calls to the river and the showdown is evaluated and paid. Heads-up
and 6-handed. The target of issue 4: at least 50 times PokerKit's rate.

    python bench/bench_game.py                    # the comparison table (--seconds per cell)
    python -m pytest bench/bench_game.py --benchmark-enable   # pytest-benchmark timings
    python -m pytest bench/bench_game.py          # CI: each runs once, results checked

``game_rates(players, game, seconds)`` and ``ratio_table(...)`` are importable for the benchmark
suite.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, Dict, List, Optional

import numpy as np
import pytest

from omaha_eval.game import GameConfig, Hand
from omaha_eval.game.randomplay import play_passive

STACK = 200
BATCH = 20  # hands per benchmark round (ours); PokerKit plays fewer
CONFIGS = {"hi": GameConfig.pot_limit(1, 2), "hilo": GameConfig.pot_limit(1, 2, game="hilo")}


def _pokerkit() -> Any:
    try:
        import pokerkit
    except ImportError:
        return None
    return pokerkit


# ---------------------------------------------------------------- one hand, each engine

def ours(players: int, game: str = "hi", rng: Optional[np.random.Generator] = None) -> Hand:
    """One complete passive hand through omaha_eval.game."""
    hand = Hand(CONFIGS[game], [STACK] * players, seed=rng)
    return play_passive(hand)


def theirs(players: int, game: str = "hi") -> Any:
    """The same kind of hand through PokerKit (its own shuffled deck, automations for the rest)."""
    pk = _pokerkit()
    A = pk.Automation
    automations = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
                   A.HOLE_DEALING, A.BOARD_DEALING, A.HOLE_CARDS_SHOWING_OR_MUCKING,
                   A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING, A.RUNOUT_COUNT_SELECTION)
    if game == "hi":
        state = pk.PotLimitOmahaHoldem.create_state(automations, True, 0, (1, 2), 2,
                                                    [STACK] * players, players)
    else:  # PokerKit's hi-lo class is the one that plays pot limit (see DESIGN.md)
        state = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            automations, True, 0, (1, 2), 2, 4, [STACK] * players, players)
    while state.status:
        state.check_or_call()
    return state


# ---------------------------------------------------------------- rates and the ratio

def _rate(play: Callable[[], Any], seconds: float, minimum: int = 3) -> float:
    count = 0
    start = time.perf_counter()
    while True:
        play()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and count >= minimum:
            return count / elapsed


def game_rates(players: int, game: str = "hi", seconds: float = 2.0, seed: int = 1) -> Dict[str, Any]:
    """Hands per second for both engines (PokerKit None if not installed) and their ratio."""
    rng = np.random.default_rng(seed)
    rate = _rate(lambda: ours(players, game, rng), seconds)
    other = _rate(lambda: theirs(players, game), seconds) if _pokerkit() else None
    return {"players": players, "game": game, "ours": rate, "pokerkit": other,
            "ratio": None if other is None else rate / other}


def ratio_table(seconds: float = 2.0, players: List[int] = (2, 6), games: List[str] = ("hi", "hilo")) -> List[Dict[str, Any]]:
    """Prints and returns the comparison rows."""
    rows = [game_rates(p, g, seconds) for g in games for p in players]
    print(f"{'game':<5} {'players':>7} {'ours hands/s':>13} {'PokerKit hands/s':>17} {'ratio':>7}  target")
    for row in rows:
        other = "n/a" if row["pokerkit"] is None else f"{row['pokerkit']:.1f}"
        ratio = "n/a" if row["ratio"] is None else f"{row['ratio']:.0f}x"
        print(f"{row['game']:<5} {row['players']:>7} {row['ours']:>13.0f} {other:>17} {ratio:>7}  >= 50x")
    return rows


# ---------------------------------------------------------------- pytest-benchmark

def _check(hand: Hand, players: int) -> None:
    assert hand.is_over and len(hand.board) == 5
    assert sum(hand.stacks) == STACK * players
    assert hand.result.shown  # it went to a showdown


@pytest.mark.benchmark(group="complete hands")
@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("players", [2, 6])
def test_hands_ours(benchmark, players: int, game: str) -> None:
    rng = np.random.default_rng(7)
    hands = benchmark(lambda: [ours(players, game, rng) for _ in range(BATCH)])
    for hand in hands:
        _check(hand, players)


@pytest.mark.benchmark(group="complete hands")
@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("players", [2, 6])
def test_hands_pokerkit(benchmark, players: int, game: str) -> None:
    if _pokerkit() is None:
        pytest.skip("pokerkit not installed")
    state = benchmark.pedantic(theirs, args=(players, game), rounds=3, iterations=1)
    assert not state.status and sum(state.stacks) == STACK * players


def test_ratio_function_runs() -> None:
    row = game_rates(2, "hi", seconds=0.01)
    assert row["ours"] > 0 and (row["pokerkit"] is None or row["ratio"] > 0)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per engine and cell")
    args = parser.parse_args(argv)
    ratio_table(args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
