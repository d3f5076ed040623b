"""omaha_eval: fast Omaha Hi and Hi-Lo (8 or better) evaluation, equity and rules."""

__version__ = "0.1.0"

from .cards import CardError, format_cards, new_deck, parse_cards
from .evaluate import (
    best_hi_cards,
    best_lo_cards,
    describe_hi,
    describe_lo,
    evaluate_hi,
    evaluate_hilo,
    evaluate_lo,
    hi_category,
)

# The equity engine and the rules layer load on first use, so `import omaha_eval` stays quick.
# The engine lives in the private module `_equity`; `omaha_eval.equity` is the function.
_LAZY = {
    "equity": "_equity", "equity_batch": "_equity", "showdown": "_equity",
    "EquityResult": "_equity", "parse_range": "ranges", "Range": "ranges", "RangeError": "ranges",
    "game": None,
    "bulk": None, "preflop_table": "bulk.preflop", "hand_percentile": "bulk.preflop",
    "canonical_hands": "bulk.canonical",
}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'omaha_eval' has no attribute {name!r}")
    import importlib

    module = importlib.import_module(f".{_LAZY[name] or name}", __name__)
    value = module if _LAZY[name] is None else getattr(module, name)
    globals()[name] = value
    return value


__all__ = [
    "CardError",
    "EquityResult",
    "Range",
    "RangeError",
    "equity",
    "equity_batch",
    "game",
    "parse_range",
    "showdown",
    "bulk",
    "canonical_hands",
    "hand_percentile",
    "preflop_table",
    "best_hi_cards",
    "best_lo_cards",
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
