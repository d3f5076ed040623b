"""Public evaluator: Omaha hi and 8-or-better low scores over NumPy arrays, and descriptions.

Scores are higher-is-better and dense (hi 1..7462, low 0 = none or 1..56), so ``max`` and
``argmax`` find winners. Holes ``(..., 4)`` and boards ``(..., 5)`` broadcast; text or 1-D input
for a single deal returns Python ints. Everything is validated before native code runs.
"""

from __future__ import annotations

import math
import os
from typing import Any, Optional, Tuple

import numpy as np

from . import _core
from .cards import RANKS, CardError, CardsLike, card_to_str, format_cards, parse_cards

HI_MAX = 7462
LO_MAX = 56

CATEGORIES = (
    "High card", "Pair", "Two pair", "Three of a kind", "Straight",
    "Flush", "Full house", "Four of a kind", "Straight flush",
)
_RANK_WORDS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")


def _plural(rank: int) -> str:
    word = _RANK_WORDS[rank]
    return word + ("es" if word.endswith("x") else "s")


# ---- input handling ----

def _as_card_array(cards: Any, width: int, what: str) -> np.ndarray:
    """Cards as a uint8 array whose last axis has ``width`` cards; values checked to be 0..51."""
    if isinstance(cards, str):
        array = parse_cards(cards, unique=False)
    elif isinstance(cards, np.ndarray):
        if cards.dtype.kind not in "iu":
            raise CardError(f"{what} cards must be integer card ids, got dtype {cards.dtype}")
        array = cards
    else:
        array = np.asarray(cards)
        if array.dtype.kind in "US" or array.dtype == object:
            if array.ndim != 1:
                raise CardError(f"{what} cards given as text must be one hand, not shape {array.shape}")
            array = parse_cards(list(cards), unique=False)
        elif array.dtype.kind not in "iu":
            raise CardError(f"{what} cards must be integer card ids or text, got {array.dtype}")
    if array.ndim == 0 or array.shape[-1] != width:
        if array.ndim <= 1:  # one hand or board: say it in cards, as a player would
            got = array.shape[-1] if array.ndim else 0
            need = "the board needs 5 cards" if what == "board" else f"the hand needs {width} hole cards"
            raise CardError(f"{need}, got {got}")
        raise CardError(f"{what} cards must have shape (..., {width}), {width} cards a row, "
                        f"got shape {array.shape}")
    if array.dtype != np.uint8:  # uint8 ids are range-checked natively
        if array.size and (array.min() < 0 or array.max() > 51):
            flat = array.reshape(-1, width)
            row, pos = np.argwhere((flat < 0) | (flat > 51))[0]
            raise CardError(f"card id {int(flat[row, pos])} outside 0..51 in deal {int(row)} "
                            f"({what} position {int(pos)})")
        array = array.astype(np.uint8)
    return array


def max_workers() -> int:
    """The largest ``workers=`` accepted: 256, or the number of cores where that is more.

    More threads than that are never faster, and each costs a native thread.

    Examples
    --------
    >>> max_workers() >= 256
    True
    """
    return max(256, os.cpu_count() or 1)


def _workers(workers: int) -> int:
    """``workers=`` as a thread count: -1 = all cores, else 1 .. :func:`max_workers`."""
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)):
        raise ValueError(f"workers must be a positive int or -1 (all cores), got {workers!r}")
    if workers == -1:
        return os.cpu_count() or 1
    if not 1 <= workers <= max_workers():
        raise ValueError(f"workers must be -1 (all cores) or 1..{max_workers()}, got {workers!r}")
    return int(workers)


def _deal_name(shape: Tuple[int, ...], row: int) -> str:
    if not shape:
        return ""
    index = np.unravel_index(row, shape)
    return f" in deal {int(index[0]) if len(shape) == 1 else tuple(int(i) for i in index)}"


def _rows(hole: Any, board: Any) -> Tuple[Tuple[int, ...], np.ndarray, np.ndarray]:
    """Holes and boards as 2-D row arrays for the binding, which shares a single row across the
    batch, so the common cases (N hands on one board, N on N) need no copy."""
    hole = _as_card_array(hole, 4, "hole")
    board = _as_card_array(board, 5, "board")
    hole_shape, board_shape = hole.shape[:-1], board.shape[:-1]
    if hole_shape == board_shape or not hole_shape or not board_shape:
        shape = hole_shape or board_shape
        holes, boards = hole.reshape(-1, 4), board.reshape(-1, 5)
    else:
        try:
            shape = np.broadcast_shapes(hole_shape, board_shape)
        except ValueError:
            raise ValueError(f"hole batch shape {hole_shape} and board batch shape "
                             f"{board_shape} do not broadcast") from None
        n = math.prod(shape)
        holes = np.broadcast_to(hole, shape + (4,)).reshape(n, 4)
        boards = np.broadcast_to(board, shape + (5,)).reshape(n, 5)
    if holes.strides[1] != 1:
        holes = np.ascontiguousarray(holes)
    if boards.strides[1] != 1:
        boards = np.ascontiguousarray(boards)
    return shape, holes, boards


def _prepare(hole: Any, board: Any, check: bool) -> Tuple[Tuple[int, ...], np.ndarray, np.ndarray]:
    """Rows (see _rows), validated: ids always (the tables must never be indexed past their
    end), repeated cards when ``check``."""
    shape, holes, boards = _rows(hole, board)
    bad = _core.validate(holes, boards, check)
    if bad is not None:
        _raise_bad_deal(shape, holes, boards, *bad)
    return shape, holes, boards


def _raise_bad_deal(shape: Tuple[int, ...], holes: np.ndarray, boards: np.ndarray,
                    code: int, row: int, position: int, card: int) -> None:
    where = _deal_name(shape, row)
    if code == 1:  # only reachable for uint8 input: other dtypes were range-checked above
        part = f"hole position {position}" if position < 4 else f"board position {position - 4}"
        raise CardError(f"card id {card} above 51{where} ({part})")
    cards = holes[row % len(holes)].tolist() + boards[row % len(boards)].tolist()
    places = [f"hole position {k}" if k < 4 else f"board position {k - 4}"
              for k, c in enumerate(cards) if c == card]
    raise CardError(f"duplicate card {card_to_str(card)}{where} ({' and '.join(places)})")


def _result(shape: Tuple[int, ...], out: Optional[np.ndarray]) -> Any:
    if out is None:
        return None
    if not shape:
        return int(out[0])
    return out if len(shape) == 1 else out.reshape(shape)


def _evaluate(hole: Any, board: Any, want_hi: bool, want_lo: bool, workers: int, check: bool):
    shape, holes, boards = _rows(hole, board)
    threads = 1 if workers == 1 and type(workers) is int else _workers(workers)
    bad, hi, lo = _core.checked_eval(holes, boards, want_hi, want_lo, check, threads)
    if bad is not None:
        _raise_bad_deal(shape, holes, boards, *bad)
    return _result(shape, hi), _result(shape, lo)


def evaluate_hi(hole: Any, board: Any, *, workers: int = 1, check: bool = True) -> Any:
    """Best high hand from exactly two hole and three board cards: 1..7462, higher is better.

    ``hole`` is ``(..., 4)`` and ``board`` ``(..., 5)``; their batch shapes broadcast. A single
    deal (text or 1-D) gives a Python int, a batch a uint16 array. ``workers`` threads (-1 = all
    cores) split the work with identical results. ``check=False`` skips the duplicate-card check
    (unchecked: scores of deals with repeated cards are meaningless); ids are always range-checked.
    """
    return _evaluate(hole, board, True, False, workers, check)[0]


def evaluate_lo(hole: Any, board: Any, *, workers: int = 1, check: bool = True) -> Any:
    """Best 8-or-better low from exactly two hole and three board cards: 0 (none) or 1..56.

    Same inputs and options as :func:`evaluate_hi`; a batch gives a uint8 array.
    """
    return _evaluate(hole, board, False, True, workers, check)[1]


def evaluate_hilo(hole: Any, board: Any, *, workers: int = 1, check: bool = True) -> Tuple[Any, Any]:
    """``(hi, lo)`` computed in one pass; see :func:`evaluate_hi` and :func:`evaluate_lo`."""
    return _evaluate(hole, board, True, True, workers, check)


# ---- descriptions ----

def _score(value: int, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} score must be an int, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} score {value} is outside {low}..{high}")
    return int(value)


def hi_category(score: int) -> str:
    """Category name of a hi score: ``hi_category(7462) == "Straight flush"``."""
    return CATEGORIES[_core.hi_class(_score(score, 1, HI_MAX, "hi"))[0]]


def describe_hi(score: int) -> str:
    """A hi score in words: "Full house, kings full of sevens", "Flush, ace-queen high"."""
    category, ranks = _core.hi_class(_score(score, 1, HI_MAX, "hi"))
    words = [_RANK_WORDS[r] for r in ranks]
    if category == 0:
        return "High card, " + "-".join(words)
    if category == 1:
        return f"Pair of {_plural(ranks[0])}, " + "-".join(words[1:]) + " kickers"
    if category == 2:
        return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}, {words[2]} kicker"
    if category == 3:
        return f"Three of a kind, {_plural(ranks[0])}, " + "-".join(words[1:]) + " kickers"
    if category == 4:
        return f"Straight, {words[0]} high"
    if category == 5:
        return f"Flush, {words[0]}-{words[1]} high"
    if category == 6:
        return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if category == 7:
        return f"Four of a kind, {_plural(ranks[0])}, {words[1]} kicker"
    return "Royal flush" if ranks[0] == 12 else f"Straight flush, {words[0]} high"


def describe_lo(score: int) -> str:
    """A low score as its ranks, highest first ("7-5-4-2-A"), or "no low" for 0."""
    score = _score(score, 0, LO_MAX, "low")
    if score == 0:
        return "no low"
    mask = _core.low_mask(score)
    names = ["A"] + list(RANKS[:7])  # bit 0 = ace, bit k = rank k + 1
    return "-".join(names[bit] for bit in range(7, -1, -1) if mask >> bit & 1)


def _single_deal(hole: CardsLike, board: CardsLike) -> Tuple[np.ndarray, np.ndarray]:
    shape, holes, boards = _prepare(hole, board, True)
    if shape != ():
        raise ValueError(f"expected a single deal (4 hole cards and 5 board cards), got batch shape {shape}")
    return np.ascontiguousarray(holes[0]), np.ascontiguousarray(boards[0])


def _parts(hole: np.ndarray, board: np.ndarray, pair: int, triple: int) -> Tuple[np.ndarray, np.ndarray]:
    return (hole[list(_core.HOLE_PAIRS[pair])].copy(), board[list(_core.BOARD_TRIPLES[triple])].copy())


def best_hi_cards(hole: CardsLike, board: CardsLike) -> Tuple[np.ndarray, np.ndarray]:
    """The two hole cards and three board cards that make the best high hand of one deal."""
    h, b = _single_deal(hole, board)
    _, pair, triple = _core.best_hi(h, b)
    return _parts(h, b, pair, triple)


def best_lo_cards(hole: CardsLike, board: CardsLike) -> Optional[Tuple[np.ndarray, np.ndarray]]:
    """The two hole and three board cards of the best low of one deal, or None without a low."""
    h, b = _single_deal(hole, board)
    score, pair, triple = _core.best_lo(h, b)
    return _parts(h, b, pair, triple) if score else None


def describe_hand(hole: CardsLike, board: CardsLike, *, game: str = "hi") -> dict:
    """Scores, words and the cards used, for one deal, as a JSON-ready dict."""
    if game not in ("hi", "hilo"):
        raise ValueError(f"game must be 'hi' or 'hilo', got {game!r}")
    h, b = _single_deal(hole, board)
    score, pair, triple = _core.best_hi(h, b)
    hole2, board3 = _parts(h, b, pair, triple)
    result: dict = {
        "hole": format_cards(h),
        "board": format_cards(b),
        "hi": {
            "score": int(score),
            "category": hi_category(score),
            "description": describe_hi(score),
            "hole_cards": format_cards(hole2),
            "board_cards": format_cards(board3),
        },
    }
    if game == "hilo":
        lo, pair, triple = _core.best_lo(h, b)
        entry: dict = {"score": int(lo), "description": describe_lo(lo)}
        if lo:
            hole2, board3 = _parts(h, b, pair, triple)
            entry.update(hole_cards=format_cards(hole2), board_cards=format_cards(board3))
        result["lo"] = entry
    return result
