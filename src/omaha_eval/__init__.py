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

__all__ = [
    "CardError",
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
