# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Binding to the C core (csrc/): typed memoryviews in, shape checks, `with nogil` loops.

Everything here is unchecked on card values: the public modules (evaluate.py, equity.py)
validate first. Shapes are checked here so that no C function can read out of bounds.
"""

from libc.stdint cimport uint8_t, uint16_t
from libc.stddef cimport ptrdiff_t

import numpy as np

cdef extern from "omaha_eval.h" nogil:
    uint16_t oe_eval5(const uint8_t *cards)
    uint16_t oe_best_hi(const uint8_t *hole, const uint8_t *board, int *pair, int *triple)
    uint8_t oe_best_lo(const uint8_t *hole, const uint8_t *board, int *pair, int *triple)
    void oe_eval_batch(const uint8_t *hole, ptrdiff_t hole_stride,
                       const uint8_t *board, ptrdiff_t board_stride, size_t n,
                       uint16_t *hi_out, uint8_t *lo_out, int workers)
    int oe_validate_deals(const uint8_t *hole, ptrdiff_t hole_stride,
                          const uint8_t *board, ptrdiff_t board_stride, size_t n,
                          size_t *bad_row, int *position, int *card)
    const uint8_t oe_hi_class[7463][6]
    const uint8_t oe_low_masks[57]
    const uint8_t oe_hole_pairs[6][2]
    const uint8_t oe_board_triples[10][3]

HI_MAX = 7462
LO_MAX = 56
HOLE_PAIRS = tuple((int(oe_hole_pairs[i][0]), int(oe_hole_pairs[i][1])) for i in range(6))
BOARD_TRIPLES = tuple(tuple(int(oe_board_triples[i][k]) for k in range(3)) for i in range(10))


cdef inline void _check_rows(const uint8_t[:, :] hole, const uint8_t[:, :] board) except *:
    if hole.shape[1] != 4 or board.shape[1] != 5:
        raise ValueError(f"expected (n, 4) holes and (n, 5) boards, got {hole.shape[1]} and {board.shape[1]}")
    if hole.strides[1] != 1 or board.strides[1] != 1:
        raise ValueError("the card axis must be contiguous")
    if board.shape[0] != hole.shape[0]:
        raise ValueError(f"{hole.shape[0]} holes but {board.shape[0]} boards")


def eval_batch(const uint8_t[:, :] hole, const uint8_t[:, :] board,
               uint16_t[::1] hi_out=None, uint8_t[::1] lo_out=None, int workers=1):
    """Scores hole[i] on board[i] into hi_out[i] and/or lo_out[i] (rows may have stride 0)."""
    _check_rows(hole, board)
    cdef size_t n = hole.shape[0]
    if hi_out is not None and <size_t>hi_out.shape[0] != n:
        raise ValueError("hi_out has the wrong length")
    if lo_out is not None and <size_t>lo_out.shape[0] != n:
        raise ValueError("lo_out has the wrong length")
    if n == 0:
        return
    cdef uint16_t *hi_ptr = &hi_out[0] if hi_out is not None else NULL
    cdef uint8_t *lo_ptr = &lo_out[0] if lo_out is not None else NULL
    with nogil:
        oe_eval_batch(&hole[0, 0], hole.strides[0], &board[0, 0], board.strides[0], n,
                      hi_ptr, lo_ptr, workers)


def validate(const uint8_t[:, :] hole, const uint8_t[:, :] board):
    """None when every deal is valid, else (code, row, position, card); code 1 = id > 51, 2 = duplicate."""
    _check_rows(hole, board)
    cdef size_t n = hole.shape[0], row = 0
    cdef int position = 0, card = 0, code = 0
    if n == 0:
        return None
    with nogil:
        code = oe_validate_deals(&hole[0, 0], hole.strides[0], &board[0, 0], board.strides[0], n,
                                 &row, &position, &card)
    return None if code == 0 else (code, row, position, card)


def eval5_batch(const uint8_t[:, ::1] cards):
    """Five-card high scores (1..7462) of (n, 5) valid cards."""
    if cards.shape[1] != 5:
        raise ValueError("expected (n, 5) cards")
    cdef Py_ssize_t n = cards.shape[0], i
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = oe_eval5(&cards[i, 0])
    return out


def best_hi(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(score, pair, triple) of one valid deal: indices into HOLE_PAIRS and BOARD_TRIPLES."""
    if hole.shape[0] != 4 or board.shape[0] != 5:
        raise ValueError("expected 4 hole and 5 board cards")
    cdef int pair = 0, triple = 0
    cdef uint16_t score = oe_best_hi(&hole[0], &board[0], &pair, &triple)
    return score, pair, triple


def best_lo(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(score, pair, triple) of one valid deal, or (0, -1, -1) without a qualifying low."""
    if hole.shape[0] != 4 or board.shape[0] != 5:
        raise ValueError("expected 4 hole and 5 board cards")
    cdef int pair = -1, triple = -1
    cdef uint8_t score = oe_best_lo(&hole[0], &board[0], &pair, &triple)
    return score, pair, triple


def hi_class(int score):
    """(category 0..8, ranks by significance) of a hi score; ranks are 0 (deuce) .. 12 (ace)."""
    if not 1 <= score <= 7462:
        raise ValueError(f"hi score {score} is outside 1..7462")
    row = oe_hi_class[score]
    return int(row[0]), tuple(int(row[k]) for k in range(1, 6) if row[k] != 255)


def low_mask(int score):
    """8-bit rank mask (bit 0 = ace .. bit 7 = eight) of a low score 1..56."""
    if not 1 <= score <= 56:
        raise ValueError(f"low score {score} is outside 1..56")
    return int(oe_low_masks[score])
