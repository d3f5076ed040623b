"""Board analysis: what every hand of a range holds on a board (docs/board.rst).

:func:`classify` gives, per hand, the fields of a fixed contract (hi, category, nut rank, outs
by category, nut outs, flush draw, the low's), plus made-hand and draw names from one
vocabulary (:mod:`omaha_eval.board.names`).

Examples
--------
>>> from omaha_eval.board import classify
>>> classify("JhTs7d4c", "9h8s2d").made.tolist()
['no made hand']
"""

from __future__ import annotations

from .fields import BoardClass, classify
from .names import DRAW_NAMES, MADE_NAMES

__all__ = ["BoardClass", "classify", "DRAW_NAMES", "MADE_NAMES"]
