"""Public evaluator: Omaha hi and 8-or-better low scores over NumPy arrays, and descriptions.

Scores are higher-is-better and dense (hi 1..7462, low 0 = none or 1..56), so ``max`` and
``argmax`` find winners. Holes ``(..., k)`` with k = 4, 5 or 6 (Omaha, 5-card and 6-card
Omaha: always exactly two hole cards and three board cards) and boards ``(..., 5)`` broadcast;
the scores mean the same for every k, so hands of different variants compare directly. Text or
1-D input for a single deal returns Python ints. Everything is validated before native code runs.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, cast, overload

import numpy as np
import numpy.typing as npt

from . import _core
from ._args import MAX_WORKERS, flag
from ._args import workers as _workers
from .cards import (CARD_IDS, CARD_NAMES, RANKS, AnyCards, CardError, CardsLike, ManyCards,
                    OneCards, card_to_str, format_cards, parse_cards)
from .errors import ArgumentError, ArgumentTypeError
from .variants import game_of

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

HOLE_CARDS = (4, 5, 6)


def _as_card_array(cards: Any, widths: Tuple[int, ...], what: str,
                   keep_dtype: bool = False) -> np.ndarray:
    """Cards as a uint8 array whose last axis has one of ``widths`` cards; values checked to be
    0..51. With ``keep_dtype`` an integer array is returned as it is (the native kernels read
    every integer dtype and check its values)."""
    if isinstance(cards, str):
        array = parse_cards(cards, unique=False)
    elif isinstance(cards, np.ndarray):
        if cards.dtype.kind not in "iu":
            raise CardError(f"{what} cards must be integer card ids, got dtype {cards.dtype}")
        array = cards
    else:
        array = _listed_cards(cards, what)
    if array.ndim == 0 or array.shape[-1] not in widths:
        got = array.shape[-1] if array.ndim else 0
        need = " or ".join(", ".join(map(str, widths)).rsplit(", ", 1))
        raise CardError(f"the {what} needs {need} cards, got {got}")
    width = array.shape[-1]
    if keep_dtype and array.dtype.isnative:
        return array
    if array.dtype != np.uint8:  # uint8 ids are range-checked natively
        if array.size and (array.min() < 0 or array.max() > 51):
            flat = array.reshape(-1, width)
            row, pos = np.argwhere((flat < 0) | (flat > 51))[0]
            raise CardError(f"card id {int(flat[row, pos])} outside 0..51 in deal {int(row)} "
                            f"({what} position {int(pos)})")
        array = array.astype(np.uint8)
    return array


def _listed_cards(cards: Any, what: str) -> np.ndarray:
    """Cards given as a list, tuple or other sequence: an integer array, or parse_cards' answer
    for one hand of text or mixed items (which names the bad item and its position)."""
    if isinstance(cards, (bytes, bytearray, memoryview)):
        return parse_cards(cards)  # refused there: bytes are not card text
    try:
        array = np.asarray(cards)
    except (ValueError, TypeError, OverflowError):
        raise CardError(f"cannot read the {what} cards {_shown(cards)}: nested lists of "
                        f"different lengths, or items that are not cards") from None
    if array.dtype.kind in "iu" and array.ndim:
        return array
    if array.ndim == 1 and isinstance(cards, (list, tuple)):
        return parse_cards(list(cards), unique=False)
    if array.dtype.kind in "US" or array.dtype == object:
        raise CardError(f"{what} cards given as text must be one hand, not shape {array.shape}"
                        if array.ndim else f"cannot read {_shown(cards)} as {what} cards")
    raise CardError(f"{what} cards must be integer card ids or text, got {array.dtype}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _deal_name(shape: Tuple[int, ...], row: int) -> str:
    if not shape:
        return ""
    index = np.unravel_index(row, shape)
    return f" in deal {int(index[0]) if len(shape) == 1 else tuple(int(i) for i in index)}"


def _rows(hole: Any, board: Any, keep_dtype: bool = False) -> Tuple[Tuple[int, ...], np.ndarray, np.ndarray]:
    """Holes and boards as 2-D row arrays for the binding, which shares a single row across the
    batch, so the common cases (N hands on one board, N on N) need no copy."""
    hole = _as_card_array(hole, HOLE_CARDS, "hole", keep_dtype)
    board = _as_card_array(board, (5,), "board", keep_dtype)
    k = hole.shape[-1]
    hole_shape, board_shape = hole.shape[:-1], board.shape[:-1]
    if hole_shape == board_shape or not hole_shape or not board_shape:
        shape = hole_shape or board_shape
        holes, boards = hole.reshape(-1, k), board.reshape(-1, 5)
    else:
        try:
            shape = np.broadcast_shapes(hole_shape, board_shape)
        except ValueError:
            raise CardError(f"hole batch shape {hole_shape} and board batch shape "
                            f"{board_shape} do not broadcast") from None
        n = math.prod(shape)
        holes = np.broadcast_to(hole, shape + (k,)).reshape(n, k)
        boards = np.broadcast_to(board, shape + (5,)).reshape(n, 5)
    if holes.strides[1] != holes.itemsize:  # the kernels need the card axis contiguous
        holes = np.ascontiguousarray(holes)
    if boards.strides[1] != boards.itemsize:
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
    k = holes.shape[1]
    if code == 3:
        raise CardError(f"the cards{where} changed while they were read (another thread is "
                        "writing the input)")
    if code == 1:
        part = f"hole position {position}" if position < k else f"board position {position - k}"
        rows = holes if position < k else boards
        value = int(rows[row % len(rows)][position if position < k else position - k])
        if rows.dtype == np.uint8:
            raise CardError(f"card id {value} above 51{where} ({part})")
        raise CardError(f"card id {value} outside 0..51{where} ({part})")
    cards = holes[row % len(holes)].tolist() + boards[row % len(boards)].tolist()
    places = [f"hole position {i}" if i < k else f"board position {i - k}"
              for i, c in enumerate(cards) if c == card]
    raise CardError(f"duplicate card {card_to_str(card)}{where} ({' and '.join(places)})")


def _result(shape: Tuple[int, ...], out: Optional[np.ndarray]) -> Any:
    if out is None:
        return None
    if not shape:
        return int(out[0])
    return out if len(shape) == 1 else out.reshape(shape)


def _out_array(out: Any, shape: Tuple[int, ...], dtype: type, what: str) -> Optional[np.ndarray]:
    """A flat view of a caller's output array (checked), or None."""
    if out is None:
        return None
    if (not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != shape
            or not out.flags.c_contiguous or not out.flags.writeable):
        got = (f"{out.dtype} {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__)
        raise ArgumentError(f"{what} must be a writeable C-contiguous {np.dtype(dtype).name} "
                            f"array of shape {shape}, got {got}")
    return out.reshape(-1)


def _evaluate(hole: Any, board: Any, want_hi: bool, want_lo: bool, workers: int, check: bool,
              hi_out: Any = None, lo_out: Any = None) -> Tuple[Any, Any]:
    check = flag(check, "check")
    shape, holes, boards = _rows(hole, board, keep_dtype=True)
    threads = _workers(workers)
    hi_flat = _out_array(hi_out, shape, np.uint16, "out" if not want_lo else "out[0]") if want_hi else None
    lo_flat = _out_array(lo_out, shape, np.uint8, "out" if not want_hi else "out[1]") if want_lo else None
    if holes.dtype == np.uint8 and boards.dtype == np.uint8:
        bad, hi, lo = _core.checked_eval(holes, boards, want_hi, want_lo, check, threads, hi_flat, lo_flat)
    else:  # other integer dtypes are read in place, converted block by block in C
        done = _core.checked_eval_any(holes, boards, want_hi, want_lo, check, threads, hi_flat, lo_flat)
        if done is None:  # not a buffer the kernels read (e.g. byte-swapped): convert
            _, holes, boards = _rows(hole, board)
            done = _core.checked_eval(holes, boards, want_hi, want_lo, check, threads, hi_flat, lo_flat)
        bad, hi, lo = done
    if bad is not None:
        _raise_bad_deal(shape, holes, boards, *bad)
    if hi_out is not None or lo_out is not None:
        return (hi_out if want_hi else None), (lo_out if want_lo else None)
    return _result(shape, hi), _result(shape, lo)


@overload
def evaluate_hi(hole: OneCards, board: OneCards, *, workers: int = ..., check: bool = ...,
                out: None = ...) -> int: ...
@overload
def evaluate_hi(hole: ManyCards, board: AnyCards, *, workers: int = ..., check: bool = ...,
                out: Optional[npt.NDArray[np.uint16]] = ...) -> npt.NDArray[np.uint16]: ...
@overload
def evaluate_hi(hole: OneCards, board: ManyCards, *, workers: int = ..., check: bool = ...,
                out: Optional[npt.NDArray[np.uint16]] = ...) -> npt.NDArray[np.uint16]: ...
@_core.native_front(1)  # small inputs go straight to C; this body serves every other call
def evaluate_hi(hole: AnyCards, board: AnyCards, *, workers: int = 1, check: bool = True,
                out: Optional[npt.NDArray[np.uint16]] = None
                ) -> Union[int, npt.NDArray[np.uint16]]:
    """Best high hand from exactly two hole cards and three board cards.

    Parameters
    ----------
    hole : str, sequence or array of card ids
        Hole cards, shape ``(..., K)``: K = 4, 5 or 6 cards a hand. One hand may be text
        (``"AsKsQhJh"``, ``"as ks qh jh"``), a list of card texts or ids, or a 1-D array.
    board : str, sequence or array of card ids
        Board cards, shape ``(..., 5)``. The batch shapes of ``hole`` and ``board`` broadcast:
        one board against many hands, or one board per hand.
    workers : int, default 1
        Threads for the native loop; -1 uses every core. The result never depends on it.
    check : bool, default True
        Check that no card appears twice in a deal. ``check=False`` skips only that check
        (ids are always checked): the scores of deals with repeated cards are then meaningless.
    out : numpy.ndarray of uint16, optional
        A C-contiguous array of the batch shape to write the scores into (and return), so
        that big batches can reuse one buffer. Card ids may be any integer dtype; they are
        read in place, never copied.

    Returns
    -------
    int or numpy.ndarray of uint16
        Scores 1 .. 7462, higher is better (7462 = royal flush): a Python int for one deal
        (text or 1-D input), otherwise an array of the broadcast batch shape. Type checkers
        see ``int`` for text and sequences and an array for arrays; ``int(...)`` the result of a
        1-D array if you need an int there.

    Raises
    ------
    CardError
        Unknown card text, an id outside 0..51, a repeated card in a deal (with ``check``) or
        the wrong number of cards; the message says which card and where.
    ArgumentError
        A bad ``workers`` or ``out`` (batch shapes that do not broadcast are a CardError).

    See Also
    --------
    evaluate_lo, evaluate_hilo, describe_hi, best_hi_cards

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.evaluate_hi("AsKsQhJh", "Ts9s8h2c2d")
    5861
    >>> oe.evaluate_hi(["As", "Ks", "Qh", "Jh"], "Ts 9s 8h 2c 2d")
    5861

    Many hands on one board (the board broadcasts):

    >>> holes = oe.parse_cards("AsKsQhJh 2c3c4c5c").reshape(2, 4)
    >>> oe.evaluate_hi(holes, "Ts9s8h2d7d")
    array([5861, 1330], dtype=uint16)

    A card that appears twice is an error that says where:

    >>> oe.evaluate_hi("AsKsQhJh", "AsTs9s8h2c")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.CardError: duplicate card As (hole position 0 and board position 0)
    """
    result: Union[int, npt.NDArray[np.uint16]] = _evaluate(hole, board, True, False, workers,
                                                           check, out)[0]
    return result


@overload
def evaluate_lo(hole: OneCards, board: OneCards, *, workers: int = ..., check: bool = ...,
                out: None = ...) -> int: ...
@overload
def evaluate_lo(hole: ManyCards, board: AnyCards, *, workers: int = ..., check: bool = ...,
                out: Optional[npt.NDArray[np.uint8]] = ...) -> npt.NDArray[np.uint8]: ...
@overload
def evaluate_lo(hole: OneCards, board: ManyCards, *, workers: int = ..., check: bool = ...,
                out: Optional[npt.NDArray[np.uint8]] = ...) -> npt.NDArray[np.uint8]: ...
@_core.native_front(2)
def evaluate_lo(hole: AnyCards, board: AnyCards, *, workers: int = 1, check: bool = True,
                out: Optional[npt.NDArray[np.uint8]] = None) -> Union[int, npt.NDArray[np.uint8]]:
    """Best 8-or-better low from exactly two hole cards and three board cards.

    Parameters
    ----------
    hole, board, workers, check
        As for :func:`evaluate_hi`.
    out : numpy.ndarray of uint8, optional
        An array of the batch shape to write the scores into (and return).

    Returns
    -------
    int or numpy.ndarray of uint8
        0 when no low qualifies, else 1 .. 56, higher is better (56 = 5-4-3-2-A, 1 =
        8-7-6-5-4): a Python int for one deal, an array for a batch.

    Raises
    ------
    CardError, ArgumentError
        As for :func:`evaluate_hi`.

    See Also
    --------
    evaluate_hilo, describe_lo, best_lo_cards

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.evaluate_lo("As2sQhJh", "3s4s8h2c9d")
    35
    >>> oe.describe_lo(35)
    '8-4-3-2-A'
    >>> oe.evaluate_lo("AsKsQhJh", "3s4s8h2c9d")  # one low card in the hole: no low
    0
    """
    result: Union[int, npt.NDArray[np.uint8]] = _evaluate(hole, board, False, True, workers,
                                                          check, None, out)[1]
    return result


HiLoArrays = Tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]


@overload
def evaluate_hilo(hole: OneCards, board: OneCards, *, workers: int = ..., check: bool = ...,
                  out: None = ...) -> Tuple[int, int]: ...
@overload
def evaluate_hilo(hole: ManyCards, board: AnyCards, *, workers: int = ..., check: bool = ...,
                  out: Optional[HiLoArrays] = ...) -> HiLoArrays: ...
@overload
def evaluate_hilo(hole: OneCards, board: ManyCards, *, workers: int = ..., check: bool = ...,
                  out: Optional[HiLoArrays] = ...) -> HiLoArrays: ...
@_core.native_front(3)
def evaluate_hilo(hole: AnyCards, board: AnyCards, *, workers: int = 1, check: bool = True,
                  out: Optional[HiLoArrays] = None) -> Union[Tuple[int, int], HiLoArrays]:
    """High and low scores in one pass: ``(evaluate_hi(...), evaluate_lo(...))``.

    Parameters
    ----------
    hole, board, workers, check
        As for :func:`evaluate_hi`.
    out : pair of numpy.ndarray, optional
        ``(uint16 array, uint8 array)`` of the batch shape, written and returned.

    Returns
    -------
    hi : int or numpy.ndarray of uint16
        As :func:`evaluate_hi` returns it.
    lo : int or numpy.ndarray of uint8
        As :func:`evaluate_lo` returns it.

    Raises
    ------
    CardError, ArgumentError
        As for :func:`evaluate_hi`.

    Examples
    --------
    >>> import numpy as np
    >>> import omaha_eval as oe
    >>> oe.evaluate_hilo("As2sQhJh", "3s4s8h2c9d")
    (1463, 35)
    >>> rng = np.random.default_rng(0)
    >>> deals = np.argsort(rng.random((3, 52)), axis=1)[:, :9].astype(np.uint8)
    >>> hi, lo = oe.evaluate_hilo(deals[:, :4], deals[:, 4:])
    >>> hi.tolist(), lo.tolist()
    ([4291, 4158, 4192], [48, 0, 32])
    """
    if out is None:
        return _evaluate(hole, board, True, True, workers, check)
    if not isinstance(out, tuple) or len(out) != 2:
        raise ArgumentError("out must be a pair (hi array, lo array)")
    return _evaluate(hole, board, True, True, workers, check, out[0], out[1])




# ---- descriptions ----

#: A score as returned by the evaluators: a Python int or a NumPy integer.
Score = Union[int, np.integer[Any]]


def _score(value: Score, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ArgumentTypeError(f"{what} score must be an int, got {_shown(value)}")
    if not low <= value <= high:
        raise ArgumentError(f"{what} score {value} is outside {low}..{high}")
    return int(value)


def hi_category(score: Score) -> str:
    """The category of a hi score.

    Parameters
    ----------
    score : int
        A hi score, 1 .. 7462.

    Returns
    -------
    str
        One of :data:`CATEGORIES`: ``"High card"`` .. ``"Straight flush"``.

    Raises
    ------
    ArgumentTypeError
        ``score`` is not an int (also a TypeError).
    ArgumentError
        ``score`` is outside 1..7462.

    Examples
    --------
    >>> from omaha_eval import hi_category
    >>> hi_category(7462)
    'Straight flush'
    >>> hi_category(1)
    'High card'
    >>> [hi_category(s) for s in (1277, 1278, 5854)]  # the first pair, the first straight
    ['High card', 'Pair', 'Straight']
    """
    return CATEGORIES[_core.hi_class(_score(score, 1, HI_MAX, "hi"))[0]]


def describe_hi(score: Score) -> str:
    """A hi score in words.

    Parameters
    ----------
    score : int
        A hi score, 1 .. 7462.

    Returns
    -------
    str
        The category and the ranks that matter, highest first.

    Raises
    ------
    ArgumentTypeError
        ``score`` is not an int (also a TypeError).
    ArgumentError
        ``score`` is outside 1..7462.

    Examples
    --------
    >>> from omaha_eval import describe_hi, evaluate_hi
    >>> describe_hi(7462)
    'Royal flush'
    >>> describe_hi(1)
    'High card, seven-five-four-three-deuce'
    >>> describe_hi(evaluate_hi("KsKd7h2c", "Kh7c7d3s4s"))
    'Full house, kings full of sevens'
    >>> describe_hi(evaluate_hi("AhQh2c3d", "Kh9h4h5s6c"))  # the king comes from the board
    'Flush, ace-king high'
    >>> describe_hi(0)
    Traceback (most recent call last):
    ...
    omaha_eval.errors.ArgumentError: hi score 0 is outside 1..7462
    """
    return _hi_words(*_core.hi_class(_score(score, 1, HI_MAX, "hi")))


def _hi_words(category: int, ranks: Tuple[int, ...]) -> str:
    """describe_hi's words for a category and its ranks (from ``_core.hi_class``)."""
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


def describe_lo(score: Score) -> str:
    """A low score as its five ranks, highest first.

    Parameters
    ----------
    score : int
        A low score, 0 (no low) or 1 .. 56.

    Returns
    -------
    str
        ``"8-7-6-5-4"`` .. ``"5-4-3-2-A"``, or ``"no low"`` for 0.

    Raises
    ------
    ArgumentTypeError
        ``score`` is not an int (also a TypeError).
    ArgumentError
        ``score`` is outside 0..56.

    Examples
    --------
    >>> from omaha_eval import describe_lo
    >>> describe_lo(56)
    '5-4-3-2-A'
    >>> describe_lo(1)
    '8-7-6-5-4'
    >>> describe_lo(0)
    'no low'
    """
    return _LO_WORDS[_score(score, 0, LO_MAX, "low")]


def _lo_words(score: int) -> str:
    if score == 0:
        return "no low"
    mask = _core.low_mask(score)
    names = ["A"] + list(RANKS[:7])  # bit 0 = ace, bit k = rank k + 1
    return "-".join(names[bit] for bit in range(7, -1, -1) if mask >> bit & 1)


_LO_WORDS = tuple(_lo_words(score) for score in range(LO_MAX + 1))


def _single_deal(hole: AnyCards, board: AnyCards) -> Tuple[np.ndarray, np.ndarray]:
    shape, holes, boards = _prepare(hole, board, True)
    if shape != ():
        raise CardError("expected a single deal (4, 5 or 6 hole cards and 5 board cards), "
                        f"got batch shape {shape}")
    return np.ascontiguousarray(holes[0]), np.ascontiguousarray(boards[0])


def _parts(hole: np.ndarray, board: np.ndarray, pair: int, triple: int) -> Tuple[np.ndarray, np.ndarray]:
    return (hole[list(_core.HOLE_PAIRS[pair])].copy(), board[list(_core.BOARD_TRIPLES[triple])].copy())


def best_hi_cards(hole: AnyCards, board: AnyCards
                  ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """The two hole cards and three board cards that make the best high hand of one deal.

    Parameters
    ----------
    hole : str or sequence of cards
        One hand.
    board : str or sequence of cards
        One board of 5 cards.

    Returns
    -------
    hole_cards : numpy.ndarray of uint8
        The two hole cards used, in the order given.
    board_cards : numpy.ndarray of uint8
        The three board cards used, in the order given.

    Raises
    ------
    CardError
        Bad or repeated cards, or a batch instead of one deal.

    Examples
    --------
    >>> from omaha_eval import best_hi_cards, format_cards
    >>> hole, board = best_hi_cards("AsKsQhJh", "Ts9s8h2c2d")
    >>> format_cards(hole), format_cards(board)
    ('QhJh', 'Ts9s8h')
    """
    h, b = _single_deal(hole, board)
    _, pair, triple = _core.best_hi(h, b)
    return _parts(h, b, pair, triple)


def best_lo_cards(hole: AnyCards, board: AnyCards
                  ) -> Optional[Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]]:
    """The two hole cards and three board cards of the best 8-or-better low of one deal.

    Parameters
    ----------
    hole, board
        As for :func:`best_hi_cards`.

    Returns
    -------
    tuple of two numpy.ndarray of uint8, or None
        ``(hole_cards, board_cards)`` as for :func:`best_hi_cards`; None when no low qualifies.

    Raises
    ------
    CardError
        As for :func:`best_hi_cards`.

    Examples
    --------
    >>> from omaha_eval import best_lo_cards, format_cards
    >>> hole, board = best_lo_cards("As2sQhJh", "3s4s8h2c9d")
    >>> format_cards(hole, " "), format_cards(board, " ")
    ('As 2s', '3s 4s 8h')
    >>> best_lo_cards("AsKsQhJh", "3s4s8h2c9d") is None
    True
    """
    h, b = _single_deal(hole, board)
    score, pair, triple = _core.best_lo(h, b)
    return _parts(h, b, pair, triple) if score else None


def describe_hand(hole: AnyCards, board: AnyCards, *, game: str = "hi") -> Dict[str, Any]:
    """Scores, words and the cards used, for one deal, as a JSON-ready dict.

    Parameters
    ----------
    hole, board
        As for :func:`best_hi_cards`.
    game : str, default "hi"
        ``"hi"``, ``"hilo"`` (adds the low half) or a variant name (``"plo5-8"``; see
        :mod:`omaha_eval.variants`), whose hole-card count must match the hand's.

    Returns
    -------
    dict
        ``hole``, ``board`` and ``hi`` (``score``, ``category``, ``description``,
        ``hole_cards``, ``board_cards``), and ``lo`` for hi-lo games; what ``omaha-eval eval
        --json`` prints.

    Raises
    ------
    CardError, ArgumentError
        As for :func:`best_hi_cards`; ArgumentError (a ValueError) for an unknown ``game``.

    Examples
    --------
    >>> from omaha_eval.evaluate import describe_hand
    >>> d = describe_hand("As2sQhJh", "3s4s8h2c9d", game="hilo")
    >>> d["hi"]["description"], d["lo"]["description"], d["lo"]["hole_cards"]
    ('Pair of deuces, ace-nine-eight kickers', '8-4-3-2-A', 'As2s')
    """
    if not isinstance(game, str):
        raise ArgumentError(f"game must be 'hi', 'hilo' or a variant name, got {game!r:.60}")
    game_of(game)  # an unknown name fails before the cards are read
    ids = _plain_deal(hole, board)
    if ids is None:  # any other form, or cards that are not right: the general path says why
        h, b = _single_deal(hole, board)
        ids = h.tolist(), b.tolist()
    hole_ids, board_ids = ids
    game = game_of(game, len(hole_ids))
    h_bytes, b_bytes = bytes(hole_ids), bytes(board_ids)
    score, pair, triple = _core.best_hi(h_bytes, b_bytes)
    category, ranks = _core.hi_class(score)
    result: Dict[str, Any] = {
        "hole": _text(hole_ids),
        "board": _text(board_ids),
        "hi": {
            "score": int(score),
            "category": CATEGORIES[category],
            "description": _hi_words(category, ranks),
            "hole_cards": _text(hole_ids, _core.HOLE_PAIRS[pair]),
            "board_cards": _text(board_ids, _core.BOARD_TRIPLES[triple]),
        },
    }
    if game == "hilo":
        lo, pair, triple = _core.best_lo(h_bytes, b_bytes)
        entry: Dict[str, Any] = {"score": int(lo), "description": _LO_WORDS[lo]}
        if lo:
            entry.update(hole_cards=_text(hole_ids, _core.HOLE_PAIRS[pair]),
                         board_cards=_text(board_ids, _core.BOARD_TRIPLES[triple]))
        result["lo"] = entry
    return result


def _plain_ids(cards: Any) -> Optional[List[int]]:
    """The ids of compact card text ("AsKd7h") or of a list or tuple of ints 0..51, else None."""
    kind = type(cards)
    if kind is str:
        if len(cards) % 2:
            return None
        ids = [CARD_IDS.get(cards[i:i + 2]) for i in range(0, len(cards), 2)]
        return None if None in ids else cast("List[int]", ids)
    if kind is list or kind is tuple:
        for c in cards:
            if type(c) is not int or not 0 <= c <= 51:
                return None
        return list(cards)
    return None


def _plain_deal(hole: Any, board: Any) -> Optional[Tuple[List[int], List[int]]]:
    """A single valid deal in a plain form as two lists of ids, read in Python: for one deal
    NumPy's array set-up costs more than the evaluation. None for anything else, valid or not
    (the general path reads it, or raises the error it always raised)."""
    h, b = _plain_ids(hole), _plain_ids(board)
    if h is None or b is None or len(h) not in HOLE_CARDS or len(b) != 5 or \
            len(set(h + b)) != len(h) + 5:
        return None
    return h, b


def _text(ids: List[int], picks: Optional[Sequence[int]] = None) -> str:
    """``format_cards`` of ``ids`` (or of the ``picks`` positions of them), for valid ids."""
    return "".join([CARD_NAMES[ids[i]] for i in picks] if picks is not None
                   else [CARD_NAMES[c] for c in ids])
