"""A typed user script: what a type checker infers from the public API.

Run it (``python examples/typed_usage.py``) or check it (``mypy --strict examples``); the test
suite does both. ``assert_type`` is a no-op at run time and an error in mypy when the
inferred type differs.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Optional, Tuple

import numpy as np
import numpy.typing as npt

import omaha_eval as oe
from omaha_eval.game import GameConfig, Hand, LegalActions

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - older Pythons
    from typing_extensions import assert_type


def main() -> None:
    # one deal given as text: Python ints
    hi = oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d")
    assert_type(hi, int)
    lo = oe.evaluate_lo("As2sQhJh", "3s4s8h2c9d")
    assert_type(lo, int)
    both = oe.evaluate_hilo("As2sQhJh", "3s4s8h2c9d")
    assert_type(both, Tuple[int, int])
    words: str = oe.describe_hi(hi) + ", " + oe.describe_lo(lo)

    # a batch: NumPy arrays of the score dtypes
    rng = np.random.default_rng(0)
    deals = np.argsort(rng.random((1000, 52)), axis=1)[:, :9].astype(np.uint8)
    his = oe.evaluate_hi(deals[:, :4], deals[:, 4:])
    assert_type(his, npt.NDArray[np.uint16])
    los = oe.evaluate_lo(deals[:, :4], deals[:, 4:], workers=2)
    assert_type(los, npt.NDArray[np.uint8])
    hi_arr, lo_arr = oe.evaluate_hilo(deals[:, :4], deals[:, 4:])
    assert_type(hi_arr, npt.NDArray[np.uint16])
    assert_type(lo_arr, npt.NDArray[np.uint8])
    best = int(his.max())

    cards = oe.parse_cards("AsKd")
    assert_type(cards, npt.NDArray[np.uint8])
    used = oe.best_lo_cards("As2sQhJh", "3s4s8h2c9d")
    assert_type(used, Optional[Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]])

    # equity: a result object, and arrays from the batch form
    result = oe.equity(["AsKsQhJh", "2c2d7h8s"], board="Ts9d3c")
    assert_type(result, oe.EquityResult)
    exact: Tuple[Fraction, ...] = result.fractions()
    batch = oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]])
    assert_type(batch, npt.NDArray[np.float64])
    eq, se = oe.equity_batch([["AsKsQhJh", "2c2d7h8s"]], trials=1000, seed=1,
                             return_std_error=True)
    assert_type(eq, npt.NDArray[np.float64])
    r = oe.parse_range("AA**ds")
    assert_type(r, oe.Range)

    # the rules layer
    hand = Hand(GameConfig.pot_limit(1, 2), [200, 200, 200], seed=7)
    legal = hand.legal_actions()
    assert_type(legal, LegalActions)
    hand.raise_to(legal.max_to)

    print(words, best, len(exact), batch.shape, eq.shape, len(r), hand.pot)


if __name__ == "__main__":
    main()
