# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Binding to the board-analysis kernel (csrc/oe_board.c): shapes checked here, cards in C."""

from libc.stdint cimport int16_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport free, malloc

import numpy as np

cdef extern from "oe_board.h" nogil:
    ctypedef struct oe_board_ctx:
        uint16_t category_best[9]
        uint16_t nuts
        uint8_t lo_nuts
    ctypedef struct oe_board_out:
        uint16_t *hi
        uint16_t *nut_rank
        uint8_t *category
        uint8_t *outs
        uint8_t *nut_outs
        uint8_t *straight_outs
        uint8_t *flush_draw
        uint8_t *backdoor_flush
        uint8_t *lo
        uint8_t *nut_lo_rank
        uint8_t *lo_outs
        uint8_t *nut_lo_outs
        uint8_t *made
    int oe_board_prepare(const uint8_t *board, int n_board, oe_board_ctx *ctx)
    int oe_board_classify(const oe_board_ctx *ctx, const uint8_t *holes, int k, size_t n,
                          const oe_board_out *out, int workers, size_t *bad_row)

cdef extern from "omaha_eval.h" nogil:
    const uint8_t oe_hi_class[7463][6]

FIELDS = ("hi", "nut_rank", "category", "outs", "nut_outs", "straight_outs", "flush_draw",
          "backdoor_flush", "lo", "nut_lo_rank", "lo_outs", "nut_lo_outs", "made_code")


def hi_classes():
    """(7463, 6) uint8: score -> category, then the five ranks by significance."""
    out = np.empty((7463, 6), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    cdef int s, j
    for s in range(7463):
        for j in range(6):
            o[s, j] = oe_hi_class[s][j]
    return out


def classify(const uint8_t[:, ::1] holes, const uint8_t[::1] board, int workers):
    """Every field for the hands (n, k) on the board; (fields dict, board facts dict).

    Raises ValueError("board") for a bad board, IndexError(row) for a bad hand, ValueError for k."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef int k = <int>holes.shape[1], rc
    cdef size_t bad = 0
    cdef oe_board_ctx *ctx = <oe_board_ctx *>malloc(sizeof(oe_board_ctx))
    if ctx == NULL:
        raise MemoryError("board context")
    cdef oe_board_out o
    try:
        with nogil:
            rc = oe_board_prepare(&board[0] if board.shape[0] else NULL, <int>board.shape[0], ctx)
        if rc != 0:
            raise ValueError("board")
        facts = {"nuts": ctx.nuts, "lo_nuts": ctx.lo_nuts,
                 "category_best": [ctx.category_best[j] for j in range(9)]}
        res = {"hi": np.empty(n, np.uint16), "nut_rank": np.empty(n, np.uint16),
               "outs": np.empty((n, 9), np.uint8)}
        for name in FIELDS:
            if name not in res:
                res[name] = np.empty(n, np.uint8)
        o.hi = <uint16_t *>_addr16(res["hi"])
        o.nut_rank = <uint16_t *>_addr16(res["nut_rank"])
        o.category = _addr8(res["category"])
        o.outs = _addr8(res["outs"].reshape(-1))
        o.nut_outs = _addr8(res["nut_outs"])
        o.straight_outs = _addr8(res["straight_outs"])
        o.flush_draw = _addr8(res["flush_draw"])
        o.backdoor_flush = _addr8(res["backdoor_flush"])
        o.lo = _addr8(res["lo"])
        o.nut_lo_rank = _addr8(res["nut_lo_rank"])
        o.lo_outs = _addr8(res["lo_outs"])
        o.nut_lo_outs = _addr8(res["nut_lo_outs"])
        o.made = _addr8(res["made_code"])
        if n:
            with nogil:
                rc = oe_board_classify(ctx, &holes[0, 0], k, <size_t>n, &o, workers, &bad)
            if rc == -1:
                raise ValueError(f"hands of {k} cards")
            if rc == 1:
                raise IndexError(bad)
        return res, facts
    finally:
        free(ctx)


cdef uint8_t *_addr8(a) except NULL:
    cdef uint8_t[::1] v = a
    if v.shape[0] == 0:
        return <uint8_t *>1  # never read: n == 0
    return &v[0]


cdef uint16_t *_addr16(a) except NULL:
    cdef uint16_t[::1] v = a
    if v.shape[0] == 0:
        return <uint16_t *>1
    return &v[0]


cdef extern from "oe_board.h" nogil:
    int oe_board_range_equity(const int16_t *hero_hi, const int16_t *hero_lo,
                              const uint64_t *hero_mask, size_t n_hero,
                              const int16_t *villain_hi, const int16_t *villain_lo,
                              const uint64_t *villain_mask, const double *villain_w,
                              size_t n_villain, size_t n_runouts, double *num, double *den,
                              int workers)


def range_equity(const int16_t[:, ::1] hero_hi, hero_lo, const uint64_t[::1] hero_mask,
                 const int16_t[:, ::1] villain_hi, villain_lo, const uint64_t[::1] villain_mask,
                 const double[::1] villain_w, int workers):
    """(num, den, empty): per hero combo, the weighted sum of its equities against the villain
    combos it can meet, the sum of their weights, and whether some pair had no runout."""
    cdef Py_ssize_t nh = hero_hi.shape[0], nv = villain_hi.shape[0], nro = hero_hi.shape[1]
    if (villain_hi.shape[1] != nro or hero_mask.shape[0] != nh or villain_mask.shape[0] != nv
            or villain_w.shape[0] != nv):
        raise ValueError("range_equity: shapes disagree")
    cdef const int16_t[:, ::1] hl
    cdef const int16_t[:, ::1] vl
    cdef const int16_t *hlp = NULL
    cdef const int16_t *vlp = NULL
    if hero_lo is not None and villain_lo is not None:
        hl = hero_lo
        vl = villain_lo
        if hl.shape[0] != nh or hl.shape[1] != nro or vl.shape[0] != nv or vl.shape[1] != nro:
            raise ValueError("range_equity: low shapes disagree")
        if nh and nro:
            hlp = &hl[0, 0]
        if nv and nro:
            vlp = &vl[0, 0]
    num = np.zeros(nh, np.float64)
    den = np.zeros(nh, np.float64)
    cdef double[::1] nm = num
    cdef double[::1] dn = den
    cdef int rc = 0
    if nh == 0 or nv == 0 or nro == 0:
        return num, den, False
    with nogil:
        rc = oe_board_range_equity(&hero_hi[0, 0], hlp, &hero_mask[0], <size_t>nh,
                                   &villain_hi[0, 0], vlp, &villain_mask[0], &villain_w[0],
                                   <size_t>nv, <size_t>nro, &nm[0], &dn[0], workers)
    return num, den, rc != 0
