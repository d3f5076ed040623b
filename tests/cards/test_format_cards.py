"""``format_cards`` has a Python path for small integer arrays: it must give exactly what the
general path gives (``parse_cards`` then the card names), and raise the same errors."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_eval.cards import CARD_NAMES, CardError, format_cards, parse_cards

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              np.dtype(">i4"), np.dtype(">u2")]


def general(cards, sep: str = "") -> str:
    """The reference: the tolerant reader, then one name per id (the path every input can take)."""
    ids = np.asarray(parse_cards(cards, unique=False)).ravel().tolist()
    return sep.join(CARD_NAMES[c] for c in ids)


def error_of(fn, *args) -> str:
    with pytest.raises(CardError) as info:
        fn(*args)
    return str(info.value)


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
def test_every_card_in_every_integer_dtype(dtype):
    for card in range(52):
        for array in (np.array([card], dtype=dtype), np.array(card, dtype=dtype)):
            assert format_cards(array) == general(array) == CARD_NAMES[card]
    deck = np.arange(52).astype(dtype)
    assert format_cards(deck) == general(deck) == "".join(CARD_NAMES)
    assert format_cards(deck, sep=" ") == general(deck, " ")


def test_random_arrays_shapes_and_separators():
    rng = np.random.default_rng(2026)
    for _ in range(3000):
        dtype = INT_DTYPES[rng.integers(len(INT_DTYPES))]
        size = int(rng.integers(0, 80))  # across the small-array limit
        shape = (size,) if rng.random() < 0.7 else (size // 4 + 1, 4)
        array = rng.integers(0, 52, size=shape).astype(dtype)
        if rng.random() < 0.3:
            array = array[::-1]  # not contiguous
        sep = ["", " ", ",", "|"][int(rng.integers(4))]
        assert format_cards(array, sep) == general(array, sep)
    empty = np.zeros(0, dtype=np.uint8)
    assert format_cards(empty) == general(empty) == ""


@pytest.mark.parametrize("values", [[51, 52], [-1, 3], [255], [3, 4, 60, -2], [100] * 70])
def test_ids_outside_the_deck_raise_what_the_general_path_raises(values):
    for dtype in (np.int16, np.int64):
        array = np.array(values, dtype=dtype)
        assert error_of(format_cards, array) == error_of(parse_cards, array)
    if min(values) >= 0:
        array = np.array(values, dtype=np.uint8)
        assert error_of(format_cards, array) == error_of(parse_cards, array)


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # numpy.matrix, on purpose
def test_other_inputs_are_unchanged():
    for cards in ("AsKd", "as 10h, 2c", ["Qh", 3], [51, 45], (0, 1, 2)):
        assert format_cards(cards) == general(cards)
    for bad in (np.array([1.0, 2.0]), np.array([True, False]), np.array(["As", "Kd"]), 5, None):
        if isinstance(bad, np.ndarray) and bad.dtype.kind == "U":
            assert format_cards(bad) == general(bad) == "AsKd"
            continue
        assert error_of(format_cards, bad) == error_of(parse_cards, bad)
    # a subclass of ndarray takes the general path, with the same answer
    matrix = np.asmatrix(np.array([[51, 45]], dtype=np.int32))
    assert format_cards(matrix) == general(matrix) == "AsKd"
