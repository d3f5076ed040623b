# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Binding to the bulk kernel (csrc/oe_bulk.c): shapes checked here, cards checked in C."""

from libc.stdint cimport uint8_t, uint64_t, int64_t

import numpy as np

cdef extern from "oe_bulk.h" nogil:
    int OE_BULK_BLOCK
    int OE_BULK_POT
    int OE_BK_NSTAT
    int oe_bulk_hand(const uint8_t *hero, int k, int opponents, int games, const uint64_t *key,
                     uint64_t block_begin, uint64_t block_end, uint64_t trials, int64_t *stats)

BLOCK = OE_BULK_BLOCK
POT = OE_BULK_POT
NSTAT = OE_BK_NSTAT


def hand_sums(const uint8_t[:, ::1] hands, const uint64_t[:, ::1] keys,
              const int64_t[::1] block_begin, const int64_t[::1] block_end,
              uint64_t trials, int opponents, int games):
    """Sums (n, 2 * NSTAT) int64 (high game, then hi-lo) of row i over blocks [block_begin[i], block_end[i]).

    Raises ValueError when the arrays disagree in length or a row is refused by the kernel
    (hole count, opponents, deck size, a bad or repeated hero card)."""
    cdef Py_ssize_t n = hands.shape[0], i
    cdef int k = <int>hands.shape[1], rc = 0
    if keys.shape[0] != n or keys.shape[1] != 4 or block_begin.shape[0] != n or block_end.shape[0] != n:
        raise ValueError("hands, keys (n, 4) and block ranges must have the same length")
    out = np.zeros((n, 2 * OE_BK_NSTAT), dtype=np.int64)
    cdef int64_t[:, ::1] o = out
    if n == 0:
        return out
    with nogil:
        for i in range(n):
            if block_begin[i] < 0 or block_end[i] < block_begin[i]:
                rc = -2
                break
            rc = oe_bulk_hand(&hands[i, 0], k, opponents, games, &keys[i, 0],
                              <uint64_t>block_begin[i], <uint64_t>block_end[i], trials, &o[i, 0])
            if rc != 0:
                break
    if rc != 0:
        raise ValueError(f"bulk kernel refused row {i}: {k} hole cards, {opponents} opponents, "
                         f"games {games}, blocks {block_begin[i]}..{block_end[i]}")
    return out


cdef extern from "oe_bulk.h" nogil:
    int OE_BULK_SHARED_BLOCK
    int oe_bulk_shared(const uint8_t *heroes, size_t n, int games, const uint64_t *key,
                       uint64_t block_begin, uint64_t block_end, uint64_t deals, int64_t *stats)

SHARED_BLOCK = OE_BULK_SHARED_BLOCK


def shared_sums(const uint8_t[:, ::1] heroes, const uint64_t[::1] key, int64_t block_begin,
                int64_t block_end, uint64_t deals, int games):
    """Sums (n, 2 * (NSTAT + 1)) int64 of every hero over deal blocks [block_begin, block_end)."""
    cdef Py_ssize_t n = heroes.shape[0]
    cdef int rc = 0
    if heroes.shape[1] != 4 or key.shape[0] != 4:
        raise ValueError("heroes must be (n, 4) and the key 4 words")
    if block_begin < 0 or block_end < block_begin:
        raise ValueError("bad block range")
    out = np.zeros((n, 2 * (OE_BK_NSTAT + 1)), dtype=np.int64)
    cdef int64_t[:, ::1] o = out
    if n == 0:
        return out
    with nogil:
        rc = oe_bulk_shared(&heroes[0, 0], <size_t>n, games, &key[0], <uint64_t>block_begin,
                            <uint64_t>block_end, deals, &o[0, 0])
    if rc == -2:
        raise MemoryError("bulk kernel: no memory")
    if rc != 0:
        raise ValueError("bulk kernel refused the heroes (bad or repeated cards) or games")
    return out
