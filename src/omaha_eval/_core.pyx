# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Binding to the C core (csrc/): typed memoryviews in, shape checks, `with nogil` loops.

Everything here is unchecked on card values: the public modules (evaluate.py, equity.py)
validate first. Shapes are checked here so that no C function can read out of bounds.
"""

from libc.stdint cimport uint8_t, uint16_t
from libc.stddef cimport ptrdiff_t
from cpython.exc cimport PyErr_CheckSignals

import numpy as np

cdef extern from "omaha_eval.h" nogil:
    uint16_t oe_eval5(const uint8_t *cards)
    uint16_t oe_best_hi(const uint8_t *hole, int hole_cards, const uint8_t *board, int *pair,
                        int *triple)
    uint8_t oe_best_lo(const uint8_t *hole, int hole_cards, const uint8_t *board, int *pair,
                       int *triple)
    int oe_eval_batch(const uint8_t *hole, int hole_cards, ptrdiff_t hole_stride,
                      const uint8_t *board, ptrdiff_t board_stride, size_t n,
                      uint16_t *hi_out, uint8_t *lo_out, int workers,
                      int check, size_t *bad_row, int *position, int *card)
    int oe_eval_batch_typed(const void *hole, int hole_type, int hole_cards, ptrdiff_t hole_stride,
                            const void *board, int board_type, ptrdiff_t board_stride, size_t n,
                            uint16_t *hi_out, uint8_t *lo_out, int workers, int check,
                            size_t *bad_row, int *position, int *card)
    const uint8_t oe_hole_pairs[15][2]
    const uint8_t oe_board_triples[10][3]

HI_MAX = 7462
LO_MAX = 56
HOLE_CARDS = (4, 5, 6)
# pairs of the first k hole cards come first: HOLE_PAIRS[:k * (k - 1) // 2]
HOLE_PAIRS = tuple((int(oe_hole_pairs[i][0]), int(oe_hole_pairs[i][1])) for i in range(15))
BOARD_TRIPLES = tuple(tuple(int(oe_board_triples[i][k]) for k in range(3)) for i in range(10))

# Batches run in slices of this many deals per worker, with a check for Ctrl-C between slices
# (about 10 ms of work each on one core).
SLICE = 1 << 19

# private headers of the core: the score-class tables and the pool's counters
cdef extern from "oe_tables.h" nogil:
    const uint8_t oe_hi_class[7463][6]
    const uint8_t oe_low_masks[57]

cdef extern from "oe_pool.h" nogil:
    enum: OE_POOL_N
    void oe_parallel_counters(long *out)

# Names of the thread pool's counters, in the order of the C enum (omaha_eval.h).
_POOL_COUNTERS = ("jobs", "joined", "helper_chunks", "caller_chunks", "solo", "solo_busy",
                  "idle_wakes", "late", "helper_sleeps", "caller_sleeps", "spins_cut",
                  "wait_last_ns", "wait_inside_ns", "redone", "parked")


def pool_counters():
    """What the thread pool of ``workers > 1`` did since the process started (or forked): jobs
    run on it, jobs a helper thread took part in (counted per helper), chunks each side ran,
    jobs run alone (solo; of them for want of a free CPU: solo_busy), wake-ups, sleeps, wait
    times in ns, chunks a caller ran again for a late helper (redone) and jobs left to one
    (parked)."""
    cdef long out[OE_POOL_N]
    oe_parallel_counters(out)
    return {name: out[i] for i, name in enumerate(_POOL_COUNTERS)}


cdef size_t _deal_count(const uint8_t[:, :] hole, const uint8_t[:, :] board) except? 0:
    """Number of deals; a single hole or board row is shared by every deal (row stride 0)."""
    if not 4 <= hole.shape[1] <= 6 or board.shape[1] != 5:
        raise ValueError(f"expected (n, 4..6) holes and (n, 5) boards, got {hole.shape[1]} and {board.shape[1]}")
    if hole.strides[1] != 1 or board.strides[1] != 1:
        raise ValueError("the card axis must be contiguous")
    if hole.shape[0] == board.shape[0] or board.shape[0] == 1:
        return hole.shape[0]
    if hole.shape[0] == 1:
        return board.shape[0]
    raise ValueError(f"{hole.shape[0]} holes but {board.shape[0]} boards")


cdef inline ptrdiff_t _row_stride(const uint8_t[:, :] rows, size_t n):
    return 0 if rows.shape[0] == 1 else rows.strides[0]


cdef int _run_batch(const uint8_t[:, :] hole, const uint8_t[:, :] board, size_t n,
                    uint16_t *hi_ptr, uint8_t *lo_ptr, int workers, int check,
                    size_t *row, int *position, int *card) except -2:
    """oe_eval_batch over [0, n) in slices, checking for Ctrl-C (KeyboardInterrupt) between them.

    Returns 0 or the problem code of the first bad deal (its index in *row)."""
    return _run_typed(<const char *>&hole[0, 0], 0, hole.shape[1], _row_stride(hole, n),
                      <const char *>&board[0, 0], 0, _row_stride(board, n), n, hi_ptr, lo_ptr,
                      workers, check, row, position, card)


cdef int _run_typed(const char *hp, int htype, int k, ptrdiff_t hs, const char *bp, int btype,
                    ptrdiff_t bs, size_t n, uint16_t *hi_ptr, uint8_t *lo_ptr, int workers,
                    int check, size_t *row, int *position, int *card) except -2:
    cdef int code = 0
    cdef size_t step = SLICE * (workers if workers > 1 else 1), begin = 0, m
    while begin < n:
        m = n - begin if n - begin < step else step
        with nogil:
            code = oe_eval_batch_typed(hp + <ptrdiff_t>begin * hs, htype, k, hs,
                                       bp + <ptrdiff_t>begin * bs, btype, bs,
                                       m, hi_ptr + begin if hi_ptr else NULL,
                                       lo_ptr + begin if lo_ptr else NULL, workers, check,
                                       row, position, card)
        if code:
            row[0] += begin
            return code
        begin += m
        if begin < n:
            PyErr_CheckSignals()  # raises KeyboardInterrupt after Ctrl-C
    return 0


def validate(const uint8_t[:, :] hole, const uint8_t[:, :] board, bint duplicates=True):
    """None when every deal is valid, else (code, row, position, card); code 1 = id > 51,
    2 = duplicate, 3 = the deal changed while it was read (another thread writes the buffer).

    With duplicates=False only the ids are checked."""
    cdef size_t n = _deal_count(hole, board), row = 0
    cdef int position = 0, card = 0, code = 0
    if n == 0 or hole.shape[0] == 0 or board.shape[0] == 0:
        return None
    code = _run_batch(hole, board, n, NULL, NULL, 1, 2 if duplicates else 1, &row, &position, &card)
    return None if code == 0 else (code, row, position, card)


cdef class _Outputs:
    """The score arrays of one call (the caller's or new ones) and the first slot of each; the
    views held here keep the arrays' buffers where they are (no resize) while C writes them."""
    cdef object hi, lo
    cdef uint16_t[::1] hi_view
    cdef uint8_t[::1] lo_view
    cdef uint16_t *hi_ptr
    cdef uint8_t *lo_ptr


cdef _Outputs _outputs(size_t n, bint want_hi, bint want_lo, object hi_out, object lo_out):
    """The outputs of n deals: hi_out / lo_out checked, or new arrays; None where not wanted."""
    cdef _Outputs out = _Outputs.__new__(_Outputs)
    out.hi = (np.empty(n, dtype=np.uint16) if hi_out is None else hi_out) if want_hi else None
    out.lo = (np.empty(n, dtype=np.uint8) if lo_out is None else lo_out) if want_lo else None
    out.hi_ptr = NULL
    out.lo_ptr = NULL
    if n == 0:  # no slot to point at
        return out
    if want_hi:
        out.hi_view = out.hi
        if <size_t>out.hi_view.shape[0] != n:
            raise ValueError(f"hi output has {out.hi_view.shape[0]} slots for {n} deals")
        out.hi_ptr = &out.hi_view[0]
    if want_lo:
        out.lo_view = out.lo
        if <size_t>out.lo_view.shape[0] != n:
            raise ValueError(f"lo output has {out.lo_view.shape[0]} slots for {n} deals")
        out.lo_ptr = &out.lo_view[0]
    return out


def checked_eval(const uint8_t[:, :] hole, const uint8_t[:, :] board, bint want_hi, bint want_lo,
                 bint duplicates=True, int workers=1, hi_out=None, lo_out=None):
    """Validation and scoring in one native loop (the public API's path), block by block.

    Returns (problem, hi, lo): problem is None or validate()'s tuple (and then no scores);
    hi (uint16) and lo (uint8) are new arrays (or hi_out / lo_out, 1-D contiguous arrays of
    the right dtype and length), or None where not wanted."""
    cdef size_t n = _deal_count(hole, board), row = 0
    cdef int position = 0, card = 0, code = 0
    cdef _Outputs out = _outputs(n, want_hi, want_lo, hi_out, lo_out)
    if n == 0 or hole.shape[0] == 0 or board.shape[0] == 0:
        return None, out.hi, out.lo
    cdef int check = 2 if duplicates else 1  # OE_CHECK_ALL / OE_CHECK_IDS: ids always
    code = _run_batch(hole, board, n, out.hi_ptr, out.lo_ptr, workers, check, &row, &position,
                      &card)
    if code:
        return (code, row, position, card), None, None
    return None, out.hi, out.lo


def unchecked_eval(const uint8_t[:, :] hole, const uint8_t[:, :] board, bint want_hi, bint want_lo,
                   int workers=1):
    """(hi, lo) with no validation at all: any bytes are read in bounds (the kernels mask
    them), but the scores of deals that are not valid are meaningless. For tests and callers
    that validated already."""
    cdef size_t n = _deal_count(hole, board), row = 0
    cdef int position = 0, card = 0
    hi = np.empty(n, dtype=np.uint16) if want_hi else None
    lo = np.empty(n, dtype=np.uint8) if want_lo else None
    if n == 0 or hole.shape[0] == 0 or board.shape[0] == 0:
        return hi, lo
    cdef uint16_t[::1] hi_view
    cdef uint8_t[::1] lo_view
    cdef uint16_t *hi_ptr = NULL
    cdef uint8_t *lo_ptr = NULL
    if want_hi:
        hi_view = hi
        hi_ptr = &hi_view[0]
    if want_lo:
        lo_view = lo
        lo_ptr = &lo_view[0]
    _run_batch(hole, board, n, hi_ptr, lo_ptr, workers, 0, &row, &position, &card)
    return hi, lo


# ---- small calls: one native call from Python objects to scores ----
# fast_eval handles the common small inputs (compact text, lists of ints, C-contiguous uint8
# arrays of one deal or up to FAST_MAX hands) without the general path's array plumbing; for
# anything else, and for any invalid deal, it returns None and the caller takes the general
# path (which raises the documented errors).

from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_RECORDS_RO
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF

cdef extern from "omaha_eval.h" nogil:
    int oe_eval_one(const uint8_t *hole, int hole_cards, const uint8_t *board, int check,
                    uint16_t *hi, uint8_t *lo)
    int oe_eval_shared(const uint8_t *hole, int hole_cards, size_t n, const uint8_t *board,
                       int check, uint16_t *hi, uint8_t *lo)
    void oe_prefetch_shared(const uint8_t *board, int want_lo)
    size_t oe_shared_table_min()

cdef enum:
    _FAST_MAX = 4096
FAST_MAX = _FAST_MAX
SHARED_TABLE_MIN = oe_shared_table_min()  # hands on one board from which the pair table is built
cdef signed char _RANK_OF[128]
cdef signed char _SUIT_OF[128]
cdef int _i
for _i in range(128):
    _RANK_OF[_i] = -1
    _SUIT_OF[_i] = -1
for _i, _c in enumerate("23456789TJQKA"):
    _RANK_OF[ord(_c)] = _i
    _RANK_OF[ord(_c.lower())] = _i
for _i, _c in enumerate("cdhs"):
    _SUIT_OF[ord(_c)] = _i
    _SUIT_OF[ord(_c.upper())] = _i
cdef type _ndarray = np.ndarray


cdef int _text_cards(str s, uint8_t *out, int most):
    """Compact card text ("AsKd7h") into out: the count, or -1 if it is not that simple form."""
    cdef Py_ssize_t n = len(s), i
    cdef Py_UCS4 r, u
    if n & 1 or n > 2 * most:
        return -1
    for i in range(n >> 1):
        r = s[2 * i]
        u = s[2 * i + 1]
        if r >= 128 or u >= 128 or _RANK_OF[r] < 0 or _SUIT_OF[u] < 0:
            return -1
        out[i] = <uint8_t>(4 * _RANK_OF[r] + _SUIT_OF[u])
    return <int>(n >> 1)


cdef int _int_cards(obj, uint8_t *out, int most):
    """A list or tuple of Python ints 0..51 into out: the count, or -1 (any other int, however
    large, included: the general path names it in its CardError)."""
    cdef Py_ssize_t n = len(obj), i
    cdef long v
    if n > most:
        return -1
    try:  # Cython's inline int conversion (PyLong_AsLongAndOverflow cost +7 ns a 9-card call)
        for i in range(n):
            item = obj[i]
            if type(item) is not int:
                return -1
            v = item
            if v < 0 or v > 51:
                return -1
            out[i] = <uint8_t>v
    except OverflowError:  # ids like 2**63: not a small form (no OverflowError for the caller)
        return -1
    return <int>n


cdef extern from "Python.h":
    void PyObject_GC_UnTrack(void *op)


cdef inline tuple _pair(a, b):
    """(a, b), untracked by the cycle collector: a pair of ints or of numeric arrays holds no
    reference that could close a cycle, and CPython would untrack it at its first collection
    anyway (_PyTuple_MaybeUntrack); untracked now, results kept by the thousand cost no
    collector work."""
    cdef tuple t = (a, b)
    PyObject_GC_UnTrack(<PyObject *>t)
    return t


cdef object _scalar_result(int mode, uint16_t hi, uint8_t lo):
    if mode == 1:
        return hi
    if mode == 2:
        return lo
    return _pair(hi, lo)


def fast_eval(hole, board, int mode, bint duplicates=True):
    """Scores of a small input (mode 1 = hi, 2 = lo, 3 = both), or None when the input is not a
    simple small form or not valid (the caller then takes the general path)."""
    return _fast_eval(hole, board, mode, 2 if duplicates else 1)


# The public evaluators' front door. evaluate.py defines each public evaluator (signature,
# docstring, the general path that validates, broadcasts and raises the documented errors) and
# wraps it with native_front(mode): the result is that function's native twin, which sends a
# small input (fast_eval's forms; workers the int 1, out None) straight to C and every other
# call to the function it wraps (kept as __wrapped__). Nothing here knows evaluate.py: the
# general path is the closure's, given by the caller, and this module holds no state for it.
# Why native at all: a Python-level public function that calls fast_eval first costs a Python
# frame more on every small call, +45-60 ns on ~60-75 ns calls (min of 15 x 2,000 calls,
# interleaved with the old build, 2026-12-02: call-hi-text 61 -> 110-121 ns, call-hilo-hands10
# 148 -> 195-208 ns), far past the 10% the small-call benchmarks allow; the native twin costs
# what the old module-level entries cost.
cdef inline object _small(int mode, object hole, object board, object workers, object check,
                          object out):
    """The scores of a small call straight from C, or None: then the general path serves it.
    (workers: an int 1, not True or 1.0; check: a bool; anything else goes to the general
    path, which refuses it by name.)"""
    if out is None and type(workers) is int and workers == 1 and type(check) is bool:
        return _fast_eval(hole, board, mode, 2 if check else 1)
    return None


def native_front(int mode):
    """Decorator: the native twin of the public evaluator of ``mode`` (1 hi, 2 lo, 3 both),
    with the decorated function's name, docstring and signature (functools.wraps)."""
    import functools
    if not 1 <= mode <= 3:
        raise ValueError(f"mode must be 1, 2 or 3, got {mode}")

    # The body is _small's, once. Three one-line signatures remain because Cython writes a
    # function's name into its argument-parsing errors when it compiles it (setting __name__ or
    # __qualname__ afterwards does not reach them), and Python's own errors for a wrong call (a
    # missing argument, an unknown keyword) must name the public function.
    def decorate(general):
        def evaluate_hi(hole, board, *, workers=1, check=True, out=None):
            result = _small(1, hole, board, workers, check, out)
            return general(hole, board, workers=workers, check=check, out=out) \
                if result is None else result

        def evaluate_lo(hole, board, *, workers=1, check=True, out=None):
            result = _small(2, hole, board, workers, check, out)
            return general(hole, board, workers=workers, check=check, out=out) \
                if result is None else result

        def evaluate_hilo(hole, board, *, workers=1, check=True, out=None):
            result = _small(3, hole, board, workers, check, out)
            return general(hole, board, workers=workers, check=check, out=out) \
                if result is None else result

        front = (evaluate_hi, evaluate_lo, evaluate_hilo)[mode - 1]
        return functools.update_wrapper(front, general)
    return decorate


cdef object _fast_eval(hole, board, int mode, int check):
    """fast_eval with check = 2 (ids and repeated cards) or 1 (ids only)."""
    cdef uint8_t h[8]
    cdef uint8_t b[8]
    cdef int k = -1, nb = -1, code
    cdef uint16_t hi = 0
    cdef uint8_t lo = 0
    cdef type th = type(hole), tb = type(board)
    if th is str and tb is str:
        k = _text_cards(<str>hole, h, 6)
        nb = _text_cards(<str>board, b, 5)
    elif (th is list or th is tuple) and (tb is list or tb is tuple):
        k = _int_cards(hole, h, 6)
        nb = _int_cards(board, b, 5)
    elif th is _ndarray and tb is _ndarray:
        return _fast_arrays(hole, board, mode, check)
    else:
        return None
    if k < 4 or nb != 5:
        return None
    code = oe_eval_one(h, k, b, check, &hi if mode & 1 else NULL, &lo if mode & 2 else NULL)
    if code:
        return None
    return _scalar_result(mode, hi, lo)


# NumPy arrays through NumPy's public C API (numpy/arrayobject.h, import_array() below): the
# small-call path reads an array's shape, type and data with the header's inline accessors and
# makes its outputs with PyArray_NewFromDescr from a cached dtype, not through the buffer
# protocol or np.empty (for ten hands on one board those two were 3,900 of the call's 7,500
# instructions, callgrind; the kernel 1,350).
cdef extern from "numpy/arrayobject.h":
    ctypedef Py_ssize_t npy_intp
    ctypedef struct PyArrayObject:
        pass
    ctypedef struct PyArray_Descr:
        pass
    PyTypeObject PyArray_Type
    enum:
        NPY_UBYTE
        NPY_USHORT
        NPY_ARRAY_CARRAY
    bint PyArray_CheckExact(object)
    bint PyArray_IS_C_CONTIGUOUS(PyArrayObject *)
    int PyArray_TYPE(PyArrayObject *)
    int PyArray_NDIM(PyArrayObject *)
    npy_intp *PyArray_DIMS(PyArrayObject *)
    void *PyArray_DATA(PyArrayObject *)
    # steals the reference to descr
    object PyArray_NewFromDescr(PyTypeObject *subtype, PyArray_Descr *descr, int nd,
                                const npy_intp *dims, const npy_intp *strides, void *data,
                                int flags, PyObject *obj)
    # steals the reference to base
    int PyArray_SetBaseObject(PyArrayObject *arr, PyObject *base) except -1
    int _import_array() except -1

_import_array()  # import_array(): NumPy's C-API table for this module

# The memory of one small evaluate_hilo result: the hi scores (uint16) and then the low scores
# (uint8) in one block after a small header, so that a call allocates once for both arrays
# (each array made by NumPy itself costs a memory-handler lookup and an allocation, ~300
# instructions).  Both arrays are views of it (owndata False) with it as their base: they do
# not overlap, and either stays valid when the other is deleted (reference counting).
cdef extern from *:
    """
    /* a bare object header, then the scores, 16-byte aligned (pymalloc blocks are) */
    #define OE_SCORE_DATA ((sizeof(PyObject) + 15) & ~(size_t)15)
    static void oe_score_memory_dealloc(PyObject *self) { PyObject_Free(self); }
    static PyTypeObject oe_score_memory_type = {
        PyVarObject_HEAD_INIT(NULL, 0)
        .tp_name = "omaha_eval._core.ScoreMemory",
        .tp_basicsize = (Py_ssize_t)OE_SCORE_DATA,
        .tp_dealloc = oe_score_memory_dealloc,
        .tp_flags = Py_TPFLAGS_DEFAULT,
        .tp_doc = "The memory of a small evaluate_hilo result: the base of its hi and lo arrays.",
    };
    static PyObject *oe_score_memory(Py_ssize_t bytes, char **data)
    {
        PyObject *m = (PyObject *)PyObject_Malloc(OE_SCORE_DATA + (size_t)bytes);
        if (!m) return PyErr_NoMemory();
        *data = (char *)m + OE_SCORE_DATA;
        return PyObject_Init(m, &oe_score_memory_type);
    }
    """
    PyTypeObject oe_score_memory_type
    object oe_score_memory(Py_ssize_t bytes, char **data)
    int PyType_Ready(PyTypeObject *) except -1

PyType_Ready(&oe_score_memory_type)

cdef object _descr_u8 = np.dtype(np.uint8)
cdef object _descr_u16 = np.dtype(np.uint16)


cdef inline int _u8_rows(obj, Py_ssize_t *shape):
    """ndim (1 or 2, shape filled in) of a C-contiguous uint8 ndarray, else 0."""
    if not PyArray_CheckExact(obj):
        return 0
    cdef PyArrayObject *a = <PyArrayObject *><PyObject *>obj
    cdef int nd = PyArray_NDIM(a)
    if not PyArray_IS_C_CONTIGUOUS(a) or PyArray_TYPE(a) != NPY_UBYTE or nd < 1 or nd > 2:
        return 0
    cdef npy_intp *dims = PyArray_DIMS(a)
    shape[0] = dims[0]
    shape[1] = dims[1] if nd == 2 else 0
    return nd


cdef inline void *_np_data(obj):
    return PyArray_DATA(<PyArrayObject *><PyObject *>obj)


cdef object _new_vector(Py_ssize_t n, int type_num):
    """A fresh C-contiguous 1-D array (as np.empty(n, dtype) makes it)."""
    cdef object descr = _descr_u16 if type_num == NPY_USHORT else _descr_u8
    Py_INCREF(descr)  # the reference PyArray_NewFromDescr steals
    return PyArray_NewFromDescr(&PyArray_Type, <PyArray_Descr *><PyObject *>descr, 1, &n, NULL,
                                NULL, 0, NULL)


cdef object _view_vector(object memory, char *data, Py_ssize_t n, int type_num):
    """A 1-D C-contiguous writable array of n scores at data, inside memory (its base)."""
    cdef object descr = _descr_u16 if type_num == NPY_USHORT else _descr_u8
    Py_INCREF(descr)  # the reference PyArray_NewFromDescr steals
    view = PyArray_NewFromDescr(&PyArray_Type, <PyArray_Descr *><PyObject *>descr, 1, &n, NULL,
                                data, NPY_ARRAY_CARRAY, NULL)
    Py_INCREF(memory)  # the reference PyArray_SetBaseObject steals
    PyArray_SetBaseObject(<PyArrayObject *><PyObject *>view, <PyObject *>memory)
    return view


cdef tuple _hilo_vectors(Py_ssize_t n, char **data):
    """(hi, lo): n uint16 and n uint8 scores, views of one fresh block; *data is its start (hi's
    scores, then lo's)."""
    memory = oe_score_memory(3 * n, data)
    return _pair(_view_vector(memory, data[0], n, NPY_USHORT),
                 _view_vector(memory, data[0] + 2 * n, n, NPY_UBYTE))


cdef object _fast_arrays(hole, board, int mode, int check):
    cdef int code = 0, k
    cdef uint16_t hi = 0
    cdef uint8_t lo = 0
    cdef size_t n, row = 0
    cdef int position = 0, card = 0
    cdef Py_ssize_t hs[2]
    cdef Py_ssize_t bs[2]
    if _u8_rows(board, bs) != 1 or bs[0] != 5:
        return None
    cdef int nd = _u8_rows(hole, hs)
    if nd == 1:
        k = <int>hs[0]
        if k < 4 or k > 6:
            return None
        code = oe_eval_one(<const uint8_t *>_np_data(hole), k, <const uint8_t *>_np_data(board),
                           check, &hi if mode & 1 else NULL, &lo if mode & 2 else NULL)
        return None if code else _scalar_result(mode, hi, lo)
    if nd != 2 or hs[0] > _FAST_MAX or hs[0] == 0 or hs[1] < 4 or hs[1] > 6:
        return None
    n = <size_t>hs[0]
    k = <int>hs[1]
    cdef char *data
    if mode != 2:  # the board's table rows load while the output arrays are made (in the
        # bench's distinct deals they missed the cache, ~4 L2 misses a call: 8% of the call)
        oe_prefetch_shared(<const uint8_t *>_np_data(board), mode == 3)
    if mode == 3:  # both arrays in one block
        scores = _hilo_vectors(hs[0], &data)
        code = oe_eval_shared(<const uint8_t *>_np_data(hole), k, n, <const uint8_t *>_np_data(board),
                              check, <uint16_t *>data, <uint8_t *>data + 2 * n)
        return None if code else scores
    if mode == 1:
        out = _new_vector(hs[0], NPY_USHORT)
        code = oe_eval_shared(<const uint8_t *>_np_data(hole), k, n, <const uint8_t *>_np_data(board),
                              check, <uint16_t *>_np_data(out), NULL)
        return None if code else out
    out = _new_vector(hs[0], NPY_UBYTE)
    code = oe_eval_batch(<const uint8_t *>_np_data(hole), k, k, <const uint8_t *>_np_data(board), 0,
                         n, NULL, <uint8_t *>_np_data(out), 1, check, &row, &position, &card)
    return None if code else out


cdef int _type_code(Py_buffer *view):
    """OE_TYPE_* of a native-order integer buffer, or -1."""
    cdef char f = view.format[0]
    if f == b'@' or f == b'=':
        f = view.format[1]
        if view.format[2] != 0:
            return -1
    elif view.format[1] != 0:
        return -1
    cdef bint signed = f in b'bhilq'
    if not signed and f not in b'BHILQ':
        return -1
    cdef int size = <int>view.itemsize
    cdef int log = 0 if size == 1 else 1 if size == 2 else 2 if size == 4 else 3 if size == 8 else -1
    if log < 0:
        return -1
    return 2 * log + (1 if signed else 0)


def checked_eval_any(hole, board, bint want_hi, bint want_lo, bint duplicates=True,
                     int workers=1, hi_out=None, lo_out=None):
    """checked_eval for 2-D rows of any native integer dtype (int8..int64, uint8..uint64), read
    in place: no converted copy of the input.  Code 1 then reports card 255 for any value
    outside 0..51 (the caller reads the true value); None instead of a result when the arrays
    are not such buffers (then convert and use checked_eval)."""
    cdef Py_buffer hv, bv
    cdef size_t n, row = 0
    cdef int position = 0, card = 0, code = 0, htype, btype, k
    cdef _Outputs out
    PyObject_GetBuffer(hole, &hv, PyBUF_RECORDS_RO)
    try:
        PyObject_GetBuffer(board, &bv, PyBUF_RECORDS_RO)
        try:
            htype = _type_code(&hv)
            btype = _type_code(&bv)
            if htype < 0 or btype < 0 or hv.ndim != 2 or bv.ndim != 2 \
                    or hv.strides[1] != hv.itemsize or bv.strides[1] != bv.itemsize:
                return None
            k = <int>hv.shape[1]
            if not 4 <= k <= 6 or bv.shape[1] != 5:
                raise ValueError(f"expected (n, 4..6) holes and (n, 5) boards, got {k} and {bv.shape[1]}")
            if hv.shape[0] == bv.shape[0] or bv.shape[0] == 1:
                n = <size_t>hv.shape[0]
            elif hv.shape[0] == 1:
                n = <size_t>bv.shape[0]
            else:
                raise ValueError(f"{hv.shape[0]} holes but {bv.shape[0]} boards")
            out = _outputs(n, want_hi, want_lo, hi_out, lo_out)
            if n == 0 or hv.shape[0] == 0 or bv.shape[0] == 0:
                return None, out.hi, out.lo
            code = _run_typed(<const char *>hv.buf, htype, k, 0 if hv.shape[0] == 1 else hv.strides[0],
                              <const char *>bv.buf, btype, 0 if bv.shape[0] == 1 else bv.strides[0],
                              n, out.hi_ptr, out.lo_ptr, workers, 2 if duplicates else 1,
                              &row, &position, &card)
            if code:
                return (code, row, position, card), None, None
            return None, out.hi, out.lo
        finally:
            PyBuffer_Release(&bv)
    finally:
        PyBuffer_Release(&hv)


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
    if not 4 <= hole.shape[0] <= 6 or board.shape[0] != 5:
        raise ValueError("expected 4..6 hole and 5 board cards")
    cdef int pair = 0, triple = 0
    cdef uint16_t score = oe_best_hi(&hole[0], hole.shape[0], &board[0], &pair, &triple)
    return score, pair, triple


def best_lo(const uint8_t[::1] hole, const uint8_t[::1] board):
    """(score, pair, triple) of one valid deal, or (0, -1, -1) without a qualifying low."""
    if not 4 <= hole.shape[0] <= 6 or board.shape[0] != 5:
        raise ValueError("expected 4..6 hole and 5 board cards")
    cdef int pair = -1, triple = -1
    cdef uint8_t score = oe_best_lo(&hole[0], hole.shape[0], &board[0], &pair, &triple)
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


# --- equity ---
# Binding of the equity part of csrc/omaha_eval.h: shapes are checked here, card values by _equity.py. The hole count
# (4, 5 or 6) is the length of the last axis of the holes.

from libc.stdint cimport int64_t, uint64_t

cdef extern from "omaha_eval.h" nogil:
    int OE_POT
    int OE_NSTAT
    int OE_MAX_PLAYERS
    int OE_MC_CHUNK
    int OE_MIN_HOLE
    int OE_MAX_HOLE
    void oe_showdown(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                     const uint8_t *board, ptrdiff_t board_stride, size_t n, int game,
                     uint16_t *share_out, uint8_t *flags_out, int workers)
    int oe_equity_exact(const uint8_t *holes, int players, int hole, const uint8_t *board,
                        int n_board, const uint8_t *dead, int n_dead, int game, int64_t *stats,
                        uint64_t *n_boards, int workers)
    int oe_equity_exact_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players, int hole,
                              const uint8_t *board, ptrdiff_t board_stride, int n_board,
                              const uint8_t *dead, int n_dead, size_t n, int game,
                              int64_t *stats, uint64_t *n_boards, int workers)
    int oe_equity_monte_carlo(const uint8_t *hands, const size_t *offsets,
                              const double *cum_weights, int players, int hole,
                              const uint8_t *board, int n_board, const uint8_t *dead, int n_dead,
                              int game, uint64_t seed, uint64_t trial_begin, uint64_t trial_end,
                              int64_t *stats, uint64_t *attempts, int workers)
    int oe_equity_monte_carlo_batch(const uint8_t *holes, ptrdiff_t hole_stride, int players,
                                    int hole, const uint8_t *board, ptrdiff_t board_stride,
                                    int n_board, const uint8_t *dead, int n_dead, size_t n,
                                    int game, uint64_t trials, uint64_t seed,
                                    uint64_t first_row, int64_t *stats, int workers)
    uint64_t oe_row_seed(uint64_t seed, uint64_t row)

POT = OE_POT
NSTAT = OE_NSTAT
MAX_PLAYERS = OE_MAX_PLAYERS
MC_CHUNK = OE_MC_CHUNK
MIN_HOLE = OE_MIN_HOLE
MAX_HOLE = OE_MAX_HOLE

cdef const uint8_t _NO_CARDS[8]


cdef inline const uint8_t *_cards_ptr(const uint8_t[::1] cards):
    return &cards[0] if cards.shape[0] else _NO_CARDS


cdef inline void _check_players(int players, Py_ssize_t hole) except *:
    if not 1 <= players <= OE_MAX_PLAYERS:
        raise ValueError(f"{players} players; expected 1..{OE_MAX_PLAYERS}")
    if not OE_MIN_HOLE <= hole <= OE_MAX_HOLE:
        raise ValueError(f"{hole} hole cards; expected {OE_MIN_HOLE}..{OE_MAX_HOLE}")


def showdown(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, int game, int workers=1):
    """(shares uint16 (n, P) in units of POT, flags uint8 (n, P)) of n complete deals.

    holes is (n, P, k) with k hole cards each; boards is (n, 5), or (1, 5) to share one board.
    """
    cdef Py_ssize_t n = holes.shape[0]
    cdef int players = holes.shape[1], hole = holes.shape[2]
    if boards.shape[1] != 5:
        raise ValueError("expected (n, P, k) holes and (n, 5) or (1, 5) boards")
    if boards.shape[0] != n and boards.shape[0] != 1:
        raise ValueError(f"{n} deals but {boards.shape[0]} boards")
    _check_players(players, hole)
    shares = np.zeros((n, players), dtype=np.uint16)
    flags = np.zeros((n, players), dtype=np.uint8)
    if n == 0 or boards.shape[0] == 0:
        return shares, flags
    cdef uint16_t[:, ::1] s = shares
    cdef uint8_t[:, ::1] f = flags
    cdef ptrdiff_t bstride = 0 if boards.shape[0] == 1 else boards.strides[0]
    with nogil:
        oe_showdown(&holes[0, 0, 0], holes.strides[0], players, hole, &boards[0, 0], bstride, n,
                    game, &s[0, 0], &f[0, 0], workers)
    return shares, flags


def exact(const uint8_t[:, ::1] holes, const uint8_t[::1] board, const uint8_t[::1] dead,
          int game, int workers=1):
    """(stats int64 (P, NSTAT), boards) of one spot of (P, k) holes enumerated exactly."""
    cdef int players = holes.shape[0], hole = holes.shape[1]
    if board.shape[0] > 5:
        raise ValueError("expected at most 5 board cards")
    _check_players(players, hole)
    stats = np.zeros((players, OE_NSTAT), dtype=np.int64)
    cdef int64_t[:, ::1] st = stats
    cdef uint64_t n_boards = 0
    cdef int rc
    cdef int nb = board.shape[0], nd = dead.shape[0]
    cdef const uint8_t *bp = _cards_ptr(board)
    cdef const uint8_t *dp = _cards_ptr(dead)
    with nogil:
        rc = oe_equity_exact(&holes[0, 0], players, hole, bp, nb, dp, nd, game, &st[0, 0],
                             &n_boards, workers)
    if rc:
        raise MemoryError("out of memory in exact enumeration")
    return stats, int(n_boards)


def exact_share_sums(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                     const uint8_t[::1] dead, int game, int workers=1):
    """(stats as a list of P lists of NSTAT ints, boards): exact() without building arrays."""
    cdef int players = holes.shape[0], hole = holes.shape[1]
    if board.shape[0] > 5:
        raise ValueError("expected at most 5 board cards")
    _check_players(players, hole)
    cdef int64_t st[10 * 7]
    cdef uint64_t n_boards = 0
    cdef int rc, p, k
    cdef int nb = board.shape[0], nd = dead.shape[0]
    cdef const uint8_t *bp = _cards_ptr(board)
    cdef const uint8_t *dp = _cards_ptr(dead)
    with nogil:
        rc = oe_equity_exact(&holes[0, 0], players, hole, bp, nb, dp, nd, game, st, &n_boards,
                             workers)
    if rc:
        raise MemoryError("out of memory in exact enumeration")
    return [[st[p * OE_NSTAT + k] for k in range(OE_NSTAT)] for p in range(players)], int(n_boards)


def exact_packed(bytes cards, int players, int hole, int n_board, int n_dead, int game,
                 int workers=1):
    """exact_share_sums() of one spot packed in one bytes object: players * hole hole cards, then
    n_board board and n_dead dead cards (the small-call path: no arrays in or out)."""
    _check_players(players, hole)
    if n_board < 0 or n_board > 5 or n_dead < 0:
        raise ValueError("expected 0..5 board cards and a non-negative dead count")
    if len(cards) != players * hole + n_board + n_dead:
        raise ValueError("the packed cards do not match the counts")
    cdef const uint8_t *c = <const uint8_t *><const char *>cards
    cdef int64_t st[10 * 7]
    cdef uint64_t n_boards = 0
    cdef int rc, p, k
    with nogil:
        rc = oe_equity_exact(c, players, hole, c + players * hole, n_board,
                             c + players * hole + n_board, n_dead, game, st, &n_boards, workers)
    if rc:
        raise MemoryError("out of memory in exact enumeration")
    return [[st[p * OE_NSTAT + k] for k in range(OE_NSTAT)] for p in range(players)], int(n_boards)


def showdown_packed(bytes cards, int players, int hole, int game):
    """(shares, flags) of one complete deal packed as players * hole hole cards + 5, as bytes:
    P native uint16 shares (units of POT) and P flag bytes (two small objects, no arrays)."""
    _check_players(players, hole)
    if len(cards) != players * hole + 5:
        raise ValueError("the packed cards do not match the counts")
    cdef const uint8_t *c = <const uint8_t *><const char *>cards
    cdef uint16_t sh[10]
    cdef uint8_t fl[10]
    oe_showdown(c, 0, players, hole, c + players * hole, 0, 1, game, sh, fl, 1)
    return (<char *>sh)[:2 * players], (<char *>fl)[:players]


cdef _check_matchups(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards):
    if boards.shape[1] > 5:
        raise ValueError("expected (n, P, k) holes and (n, j <= 5) boards")
    if boards.shape[0] != holes.shape[0] and boards.shape[0] != 1:
        raise ValueError(f"{holes.shape[0]} matchups but {boards.shape[0]} boards")
    _check_players(holes.shape[1], holes.shape[2])


def exact_batch(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                const uint8_t[::1] dead, int game, int workers=1):
    """(stats int64 (n, P, NSTAT), boards uint64 (n,)); boards is (n, j) or (1, j), j <= 5."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef int players = holes.shape[1], hole = holes.shape[2]
    _check_matchups(holes, boards)
    stats = np.zeros((n, players, OE_NSTAT), dtype=np.int64)
    counts = np.zeros(n, dtype=np.uint64)
    if n == 0:
        return stats, counts
    cdef int64_t[:, :, ::1] st = stats
    cdef uint64_t[::1] c = counts
    cdef int nb = boards.shape[1], nd = dead.shape[0], rc
    cdef const uint8_t *bp = &boards[0, 0] if nb else _NO_CARDS
    cdef ptrdiff_t bstride = 0 if boards.shape[0] == 1 or nb == 0 else boards.strides[0]
    cdef const uint8_t *dp = _cards_ptr(dead)
    with nogil:
        rc = oe_equity_exact_batch(&holes[0, 0, 0], holes.strides[0], players, hole, bp, bstride,
                                   nb, dp, nd, n, game, &st[0, 0, 0], &c[0], workers)
    if rc:
        raise MemoryError("out of memory in exact enumeration")
    return stats, counts


def monte_carlo(const uint8_t[:, ::1] hands, const size_t[::1] offsets, cum_weights,
                const uint8_t[::1] board, const uint8_t[::1] dead, int game, uint64_t seed,
                uint64_t trial_begin, uint64_t trial_end, int workers=1):
    """(status, stats int64 (P, NSTAT), attempts) of trials [trial_begin, trial_end).

    Player p's holdings are hands[offsets[p]:offsets[p+1]] ((n, k) rows; none = a random hand,
    dealt from the deck); cum_weights is None (uniform) or a float64 array of cumulative weights
    per player. status 1: no collision-free holdings found.
    """
    cdef int players = offsets.shape[0] - 1
    _check_players(players, hands.shape[1])
    if board.shape[0] > 5:
        raise ValueError("expected at most 5 board cards")
    cdef Py_ssize_t p
    for p in range(players):
        if offsets[p + 1] < offsets[p]:
            raise ValueError(f"player {p}: offsets go backwards")
        if offsets[p + 1] - offsets[p] > 0xFFFFFFFF:
            raise ValueError(f"player {p}: more than 2**32 holdings")
    if offsets[0] != 0 or offsets[players] != <size_t>hands.shape[0]:
        raise ValueError("offsets do not cover the hands")
    if trial_begin % OE_MC_CHUNK:
        raise ValueError(f"trial_begin must be a multiple of {OE_MC_CHUNK}")
    if trial_end < trial_begin:
        raise ValueError("trial_end is before trial_begin")
    cdef const double[::1] cw
    cdef const double *cwp = NULL
    if cum_weights is not None:
        cw = cum_weights
        if cw.shape[0] != hands.shape[0]:
            raise ValueError("cum_weights needs one value per hand")
        if cw.shape[0]:
            cwp = &cw[0]
    stats = np.zeros((players, OE_NSTAT), dtype=np.int64)
    cdef int64_t[:, ::1] st = stats
    cdef uint64_t attempts = 0
    cdef int rc, nb = board.shape[0], nd = dead.shape[0], hole = hands.shape[1]
    cdef const uint8_t *bp = _cards_ptr(board)
    cdef const uint8_t *dp = _cards_ptr(dead)
    cdef const uint8_t *hp = &hands[0, 0] if hands.shape[0] else _NO_CARDS
    with nogil:
        rc = oe_equity_monte_carlo(hp, &offsets[0], cwp, players, hole, bp, nb, dp, nd, game,
                                   seed, trial_begin, trial_end, &st[0, 0], &attempts, workers)
    if rc < 0:
        raise MemoryError("out of memory in Monte Carlo")
    return rc, stats, int(attempts)


def monte_carlo_batch(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                      const uint8_t[::1] dead, int game, uint64_t trials, uint64_t seed,
                      int workers=1, uint64_t row_begin=0):
    """stats int64 (n, P, NSTAT) of `trials` trials per matchup; row i is seeded with
    row_seed(seed, row_begin + i), so a batch can be run in slices with the same numbers."""
    cdef Py_ssize_t n = holes.shape[0]
    cdef int players = holes.shape[1], hole = holes.shape[2]
    _check_matchups(holes, boards)
    stats = np.zeros((n, players, OE_NSTAT), dtype=np.int64)
    if n == 0:
        return stats
    cdef int64_t[:, :, ::1] st = stats
    cdef int nb = boards.shape[1], nd = dead.shape[0], rc = 0
    cdef const uint8_t *bp = &boards[0, 0] if nb else _NO_CARDS
    cdef ptrdiff_t bstride = 0 if boards.shape[0] == 1 or nb == 0 else boards.strides[0]
    cdef const uint8_t *dp = _cards_ptr(dead)
    with nogil:
        rc = oe_equity_monte_carlo_batch(&holes[0, 0, 0], holes.strides[0], players, hole, bp,
                                         bstride, nb, dp, nd, n, game, trials, seed, row_begin,
                                         &st[0, 0, 0], workers)
    if rc:
        raise MemoryError("out of memory in Monte Carlo")
    return stats


def row_seed(uint64_t seed, uint64_t row):
    """The seed monte_carlo_batch uses for row `row`."""
    return int(oe_row_seed(seed, row))


# --- the rules layer: the deck of a deal whose every card is known (game/deck.py) ---

cdef int _take_card(obj, uint64_t *used):
    """A Python int 0..51 (not a bool, not a NumPy int) not yet in ``used`` as an id, marked in
    ``used``; else -1."""
    if type(obj) is not int:
        return -1
    if obj < 0 or obj > 51:
        return -1
    cdef int c = <int>(<long>obj)
    cdef uint64_t bit = (<uint64_t>1) << c
    if used[0] & bit:
        return -1
    used[0] |= bit
    return c


def known_deal(hole_cards, board, int n, int button, int hole):
    """``(deal, holes)`` of ``n`` players' hole cards and a five-card board given as lists or
    tuples of Python ints 0..51, all distinct: ``deal`` is the dealt part of the deck in dealing
    order (hole cards one at a time from left of the button, then burn, flop, burn, turn, burn,
    river; the burns are the three lowest unused ids) and ``holes`` each player's cards as a
    tuple. None for anything else (the caller's general path then says what is wrong)."""
    cdef uint64_t used = 0
    cdef int p, j, c, seat, k, base = hole * n
    cdef uint8_t out[52]
    cdef int board_at[5]
    cdef int burn_at[3]
    board_at[:] = [1, 2, 3, 5, 7]
    burn_at[:] = [0, 4, 6]
    if (type(board) is not list and type(board) is not tuple) or \
            (type(hole_cards) is not list and type(hole_cards) is not tuple):
        return None
    if len(board) != 5 or len(hole_cards) != n or n < 1 or hole < 1 or base + 8 > 52 or \
            not 0 <= button < n:
        return None
    holes = []
    for p in range(n):
        cards = hole_cards[p]
        if (type(cards) is not list and type(cards) is not tuple) or len(cards) != hole:
            return None
        seat = (p - button - 1 + n) % n
        for j in range(hole):
            c = _take_card(cards[j], &used)
            if c < 0:
                return None
            out[j * n + seat] = <uint8_t>c
        holes.append(tuple(cards))
    for j in range(5):
        c = _take_card(board[j], &used)
        if c < 0:
            return None
        out[base + board_at[j]] = <uint8_t>c
    k = 0
    for c in range(52):
        if not used & ((<uint64_t>1) << c):
            out[base + burn_at[k]] = <uint8_t>c
            k += 1
            if k == 3:
                break
    return [out[j] for j in range(base + 8)], holes
