"""omaha_eval: fast Omaha Hi and Hi-Lo (8 or better) evaluation, equity and rules.

The names a user needs are at the top level:

>>> import omaha_eval as oe
>>> oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d")
5861
>>> oe.describe_hi(5861)
'Straight, queen high'
>>> print(oe.equity(["AsKsQhJh", "2c2d7h8s"]).equity.round(4))
[0.642 0.358]

See the documentation for the guides; the rules layer is :mod:`omaha_eval.game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List

from .cards import format_cards, new_deck, parse_cards
from .errors import (
    ArgumentError,
    BulkError,
    CardError,
    ChipError,
    HandSetupError,
    MissingDependencyError,
    HHError,
    IllegalActionError,
    OmahaEvalError,
    PHHError,
    QueryError,
    RangeError,
    TableError,
)
from .evaluate import (
    best_hi_cards,
    best_lo_cards,
    describe_hand,
    describe_hi,
    describe_lo,
    evaluate_hi,
    evaluate_hilo,
    evaluate_lo,
    hi_category,
)


if TYPE_CHECKING:  # type checkers see the real objects; at run time they load on first use
    __version__: str
    from . import game
    from ._equity import EquityResult, ShowdownResult, equity, equity_batch, showdown
    from .board import BoardClass, classify
    from .board.breakdown import Breakdown, breakdown
    from .board.distribution import EquityDistribution, equity_distribution
    from .query import PQLResult, pql
    from .ranges import Range, parse_range

# The equity engine and the rules layer load on first use, so `import omaha_eval` stays quick
# (measured with `python -X importtime`: the package 110 ms of which NumPy 77; the engine 22 ms
# and the rules layer 21 ms more; reading the version from the metadata 35 ms). The engine
# lives in the private module `_equity`; `omaha_eval.equity` is the function.
_LAZY = {
    "equity": "_equity", "equity_batch": "_equity", "showdown": "_equity",
    "EquityResult": "_equity", "ShowdownResult": "_equity",
    "parse_range": "ranges", "Range": "ranges",
    "game": None,
    "bulk": None, "preflop_table": "bulk.preflop", "hand_percentile": "bulk.preflop",
    "canonical_hands": "bulk.canonical",
    "classify": "board", "BoardClass": "board",
    "breakdown": "board.breakdown", "Breakdown": "board.breakdown",
    "equity_distribution": "board.distribution", "EquityDistribution": "board.distribution",
    "pql": "query", "PQLResult": "query",
}


def _version() -> str:
    """The installed distribution's version: pyproject.toml is its one source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("omaha_eval")
    except PackageNotFoundError:  # pragma: no cover - running from an unbuilt source tree
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        globals()[name] = text = _version()
        return text
    if name not in _LAZY:
        raise AttributeError(f"module 'omaha_eval' has no attribute {name!r}")
    import importlib

    module = importlib.import_module(f".{_LAZY[name] or name}", __name__)
    found: Any = module if _LAZY[name] is None else getattr(module, name)
    globals()[name] = found
    return found


def __dir__() -> List[str]:
    return sorted(__all__ + ["__version__"])


__all__ = [
    "OmahaEvalError",
    "ArgumentError",
    "BulkError",
    "CardError",
    "ChipError",
    "HandSetupError",
    "HHError",
    "IllegalActionError",
    "MissingDependencyError",
    "PHHError",
    "QueryError",
    "TableError",
    "EquityResult",
    "BoardClass",
    "Breakdown",
    "EquityDistribution",
    "breakdown",
    "classify",
    "equity_distribution",
    "Range",
    "RangeError",
    "ShowdownResult",
    "equity",
    "equity_batch",
    "game",
    "parse_range",
    "pql",
    "PQLResult",
    "showdown",
    "bulk",
    "canonical_hands",
    "hand_percentile",
    "preflop_table",
    "best_hi_cards",
    "best_lo_cards",
    "describe_hand",
    "describe_hi",
    "describe_lo",
    "evaluate_hi",
    "evaluate_hilo",
    "evaluate_lo",
    "format_cards",
    "hi_category",
    "new_deck",
    "parse_cards",
]
