"""One adapter per library: how each is called, the fastest way its API allows.

An adapter turns a workload's inputs into the library's own format (untimed, in
:meth:`Adapter.prepare`), does the work (timed, :meth:`Adapter.run`) and turns the answer back
into our conventions (untimed, :meth:`Adapter.output`) so that the runner can check that it
agrees with us before its time is reported. Optional libraries are imported inside methods
only: a library that is not installed is reported as skipped, never an error.

Outputs in our conventions:
* eval workloads: ``{"hi": uint16 array, "lo": uint8 array}`` (the keys the mode asks for), or
  ``{"hi_key": [...]}`` for a library whose scores are ordinal keys rather than our dense scale
  (the runner then checks that the keys order the hands exactly as our scores do);
* equity workloads: :class:`EquityOutcome`;
* game workloads: the finishing stacks of every hand, a list of tuples.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib
import importlib.machinery
import itertools
import os
import subprocess
import sys
import tempfile
import warnings
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .workloads import Workload, call_count, deal_prefix

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_text(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


@dataclass
class EquityOutcome:
    """Per-player pot shares (0..1), their standard errors (None if exact) and the count done."""

    equities: List[float]
    std_errors: Optional[List[float]]
    count: int


class Missing(Exception):
    """A part of our own package that a workload needs is not there (yet)."""


class Adapter:
    """Base class. Subclasses set the class attributes and implement the four methods."""

    name = ""              # what --against takes
    family = ""            # --against NAME also selects every adapter of that family
    module = ""            # import name; the library counts as installed if it imports
    distribution = ""      # name for the version (importlib.metadata)
    label = ""             # how it is called, for the report
    baseline = False       # True for our own adapter only

    # -- availability --

    def load(self) -> Any:
        """The imported module; raises ImportError when the library is not installed."""
        return importlib.import_module(self.module)

    def not_installed(self) -> Optional[str]:
        """None when usable, else the reason (e.g. ``"not installed"``)."""
        try:
            self.load()
        except ImportError as exc:
            return f"not installed ({exc.__class__.__name__}: {exc})"
        except Exception as exc:  # a broken install must not break the suite
            return f"import failed ({exc.__class__.__name__}: {exc})"
        return None

    def version(self) -> Optional[str]:
        try:
            return metadata.version(self.distribution or self.module)
        except metadata.PackageNotFoundError:
            version: Optional[str] = getattr(sys.modules.get(self.module), "__version__", None)
            return version

    def supports(self, w: Workload) -> Optional[str]:
        """None when the adapter can run workload ``w``, else why not."""
        return "not offered by this library"

    def threads(self, workers: int, w: Workload) -> int:
        """Threads the adapter uses for ``--workers workers``."""
        return 1

    # -- the work --

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        """Inputs for the first ``n`` items of ``w`` in the library's own format (untimed)."""
        raise NotImplementedError

    def run(self, prepared: Any) -> Any:
        """The timed call(s)."""
        raise NotImplementedError

    def output(self, prepared: Any, raw: Any) -> Any:
        """``raw`` in our conventions (untimed)."""
        return raw

    def pool_counters(self) -> Optional[Dict[str, int]]:
        """The library's thread-pool counters (read around timed runs with several threads), or
        None when it has none to report."""
        return None


# ---------------------------------------------------------------------------------------------
# omaha_eval itself


class OmahaEval(Adapter):
    name = family = module = distribution = "omaha_eval"
    label = "omaha_eval public API (NumPy batch, C core)"
    baseline = True

    def supports(self, w: Workload) -> Optional[str]:
        """For our own adapter a reason means our part is missing: the workload is skipped."""
        if w.kind == "equity":
            try:
                from .. import _equity as eq
            except ImportError as exc:
                return f"omaha_eval.equity is not available yet ({exc})"
            if not callable(getattr(eq, "equity", None)):
                return "omaha_eval.equity has no equity() function yet"
        if w.kind == "query":
            return None
        if w.kind == "game":
            try:
                from ..game import GameConfig, Hand  # noqa: F401
            except ImportError as exc:
                return f"the rules layer omaha_eval.game is not available yet ({exc})"
        return None

    def threads(self, workers: int, w: Workload) -> int:
        return w.params.get("workers") or workers if w.kind == "equity" else workers

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        if w.kind == "eval" and "calls" in w.params:
            return w, _call_args(w, n), workers
        if w.kind == "eval":
            return w, deal_prefix(w.data, n), workers
        if w.kind == "equity":
            p = w.params
            trials = n if p["trials"] is not None else None
            workers = p.get("workers") or workers  # a workload may fix its thread count
            return w, (list(p["hands"]), p["board"], p["dead"], p["game"], trials,
                       call_count(w, n)), workers
        if w.kind == "query":
            return w, (w.params["query"], n), workers
        return w, w.data[:n], workers

    def run(self, prepared: Any) -> Any:
        w, data, workers = prepared
        if w.kind == "eval" and "calls" in w.params:
            return _our_calls(w, data)
        if w.kind == "eval":
            from ..evaluate import evaluate_hi, evaluate_hilo, evaluate_lo
            holes, boards = data
            mode = w.params["mode"]
            if mode == "hi":
                return {"hi": evaluate_hi(holes, boards, workers=workers)}
            if mode == "lo":
                return {"lo": evaluate_lo(holes, boards, workers=workers)}
            hi, lo = evaluate_hilo(holes, boards, workers=workers)
            return {"hi": hi, "lo": lo}
        if w.kind == "equity":
            from .._equity import equity
            hands, board, dead, game, trials, calls = data
            result = None
            for _ in range(calls):  # small spots: the item is one call
                result = equity(hands, board, dead, game=game, trials=trials, seed=w.seed,
                                workers=workers)
            return result
        if w.kind == "query":
            from ..query import pql
            return pql(data[0], trials=data[1], seed=w.seed, workers=workers)
        from . import games
        return games.play_ours(data, w.params["players"])

    def pool_counters(self) -> Optional[Dict[str, int]]:
        from .._core import pool_counters
        return pool_counters()

    def output(self, prepared: Any, raw: Any) -> Any:
        w = prepared[0]
        if w.kind == "equity":
            return _our_equity_outcome(raw)
        if w.kind == "eval" and "calls" in w.params:
            return _our_call_scores(w, raw)
        return raw


def _call_args(w: Workload, n: int) -> List[Tuple[Any, Any]]:
    """One (hole, board) argument pair per call, in the workload's input form."""
    holes, boards = w.data
    holes, boards = holes[:n], boards[:n]
    kind = w.params["calls"]
    if kind == "ints":
        return list(zip(holes.tolist(), boards.tolist()))
    if kind == "text":
        return [("".join(card_text(c) for c in h), "".join(card_text(c) for c in b))
                for h, b in zip(holes.tolist(), boards.tolist())]
    return [(h.copy(), b.copy()) for h, b in zip(holes, boards)]  # arrays, hands10


def _our_calls(w: Workload, args: List[Tuple[Any, Any]]) -> List[Any]:
    """One public call per item: what a program scoring one showdown at a time pays. The answers
    are kept as the calls return them; like every other library's, they are gathered into arrays
    outside the clock (:func:`_our_call_scores`)."""
    from ..evaluate import evaluate_hi, evaluate_hilo
    if w.params["mode"] == "hi":
        return [evaluate_hi(h, b) for h, b in args]
    return [evaluate_hilo(h, b) for h, b in args]


def _our_call_scores(w: Workload, results: List[Any]) -> Dict[str, Any]:
    """The answers of :func:`_our_calls` as score arrays, for the agreement check."""
    if w.params["mode"] == "hi":
        return {"hi": np.array(results, dtype=np.uint16)}
    if w.params["calls"] == "hands10":
        return {"hi": np.concatenate([r[0] for r in results]) if results else np.zeros(0, np.uint16),
                "lo": np.concatenate([r[1] for r in results]) if results else np.zeros(0, np.uint8)}
    return {"hi": np.array([r[0] for r in results], dtype=np.uint16),
            "lo": np.array([r[1] for r in results], dtype=np.uint8)}


def _our_equity_outcome(result: Any) -> EquityOutcome:
    """Reads our equity result (attributes or its plain dict) without depending on its layout."""
    data = result.to_dict() if hasattr(result, "to_dict") else result
    players = data.get("players") if isinstance(data, dict) else None
    if players is None:
        raise TypeError(f"cannot read per-player results from {type(result).__name__}")
    equities = [float(p["equity"]) for p in players]
    errors = [p.get("std_error", p.get("stderr")) for p in players]
    exact = bool(data.get("exact", all(e in (None, 0, 0.0) for e in errors)))
    count = int(data.get("boards", data.get("trials", data.get("count", 0))) or 0)
    return EquityOutcome(equities, None if exact else [float(e or 0.0) for e in errors], count)


# ---------------------------------------------------------------------------------------------
# phevaluator


def _eval_hi_only(w: Workload, calls: bool = False) -> Optional[str]:
    if w.kind != "eval":
        return "no equity engine or rules engine in this library"
    if "calls" in w.params and not calls:
        return "timed on the batch workloads only"
    if w.params["mode"] != "hi":
        return "no 8-or-better low evaluator in this library"
    if w.params.get("hole_cards", 4) != 4:
        return "four-card Omaha only in this build (no 5-/6-card tables in its package)"
    return None


class PhEvaluator(Adapter):
    """phevaluator through its public Python function ``evaluate_omaha_cards``, one call per hand.

    The function turns each card into an id (``Card.to_id``) and then calls its extension; up to
    0.3 the batch workloads called the extension's function directly, skipping that step, which
    went through a private module: this anchor is now what a program using the public API
    pays: on eval-hi 3.9 times the old figure (median of 5 interleaved runs on a busy 2-vCPU
    EPYC, 2026-12-03: 3.0 -> 11.9 us per hand). Its C speed is :class:`PhEvaluatorC`'s row.
    """

    name = family = module = distribution = "phevaluator"
    label = ("phevaluator evaluate_omaha_cards, its public Python function, one call per hand "
             "(card ids; call-*: ints, or strings for text)")

    def supports(self, w: Workload) -> Optional[str]:
        if "calls" in w.params and w.params["calls"] == "hands10":
            return "one hand per call only"
        return _eval_hi_only(w, calls=True)

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        from phevaluator import evaluate_omaha_cards
        holes, boards = deal_prefix(w.data, n)
        boards = np.broadcast_to(boards, (holes.shape[0], 5))
        # its argument order: five community cards, then the four hole cards; same card ids
        rows = np.concatenate([boards, holes], axis=1).tolist()
        if w.params.get("calls") == "text":
            rows = [[card_text(c) for c in r] for r in rows]
        return "calls" in w.params, evaluate_omaha_cards, rows

    def run(self, prepared: Any) -> Any:
        calls, fn, rows = prepared
        if calls:  # one call per item, written as a program writes it (as ours are timed)
            return [fn(*r) for r in rows]
        return list(itertools.starmap(fn, rows))

    def output(self, prepared: Any, raw: Any) -> Any:
        # phevaluator: 1 = best .. 7462 = worst; ours: higher is better
        return {"hi": (7463 - np.asarray(raw, dtype=np.int64)).astype(np.uint16)}


_SHIM_SOURCE = r"""
#include <stdint.h>
typedef int (*omaha_fn)(int, int, int, int, int, int, int, int, int);
void omaha_loop(omaha_fn f, const uint8_t *holes, const uint8_t *boards, long board_step,
                long n, int32_t *out) {
    for (long i = 0; i < n; i++) {
        const uint8_t *h = holes + 4 * i, *b = boards + board_step * i;
        out[i] = f(b[0], b[1], b[2], b[3], b[4], h[0], h[1], h[2], h[3]);
    }
}

/* A plain 8-or-better Omaha low, no lookup tables: the low-rank masks of the 6 hole pairs and
 * the 10 board triples with no card above eight and no paired rank, then every such pair with
 * every such triple; a combination qualifies when they share no rank. A low is a 5-rank mask
 * (bit 0 = ace .. bit 7 = eight); a smaller mask is a better low. */
static int low_bit(int card) { int r = card >> 2; return r == 12 ? 1 : r < 7 ? 2 << r : 0; }

static int omaha_low_mask(const uint8_t *h, const uint8_t *b) {
    int hb[4], bb[5], pm[6], tm[10], np = 0, nt = 0, best = 256; /* 256: none */
    for (int i = 0; i < 4; i++) hb[i] = low_bit(h[i]);
    for (int i = 0; i < 5; i++) bb[i] = low_bit(b[i]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (hb[i] && hb[j] && hb[i] != hb[j]) pm[np++] = hb[i] | hb[j];
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            for (int k = j + 1; k < 5; k++) {
                if (bb[i] && bb[j] && bb[k] && bb[i] != bb[j] && bb[i] != bb[k] && bb[j] != bb[k])
                    tm[nt++] = bb[i] | bb[j] | bb[k];
            }
    for (int p = 0; p < np; p++)
        for (int t = 0; t < nt; t++) {
            int m = pm[p] | tm[t];
            if (!(pm[p] & tm[t]) && m < best) best = m;
        }
    return best;
}

/* phevaluator's hi and the plain low per hand; low_out gets the mask (256: no low). */
void omaha_hilo_loop(omaha_fn f, const uint8_t *holes, const uint8_t *boards, long board_step,
                     long n, int32_t *hi_out, int32_t *low_out) {
    for (long i = 0; i < n; i++) {
        const uint8_t *h = holes + 4 * i, *b = boards + board_step * i;
        if (hi_out) hi_out[i] = f(b[0], b[1], b[2], b[3], b[4], h[0], h[1], h[2], h[3]);
        low_out[i] = omaha_low_mask(h, b);
    }
}
"""


def _compile_shim() -> ctypes.CDLL:
    """A ten-line C loop compiled once into the temp directory (cached by source hash)."""
    digest = hashlib.sha1(_SHIM_SOURCE.encode()).hexdigest()[:12]
    folder = os.path.join(tempfile.gettempdir(), f"omaha_eval_bench_{os.getuid() if hasattr(os, 'getuid') else 0}")
    os.makedirs(folder, exist_ok=True)
    lib = os.path.join(folder, f"phe_loop_{digest}.so")
    if not os.path.exists(lib):
        src = os.path.join(folder, f"phe_loop_{digest}.c")
        with open(src, "w") as f:
            f.write(_SHIM_SOURCE)
        compiler = os.environ.get("CC", "cc")
        tmp = f"{lib}.{os.getpid()}.tmp"
        subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", tmp, src], check=True,
                       capture_output=True, timeout=120)
        os.replace(tmp, lib)
    return ctypes.CDLL(lib)


def _phevaluator_library() -> str:
    """The shared library that phevaluator's distribution installs, which exports its C
    library's public function ``evaluate_omaha_cards`` (declared in phevaluator.h). Found
    through the distribution's file list (importlib.metadata), not through its private
    extension module."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    files = metadata.files("phevaluator") or []
    found = [f for f in files if f.parent.name == "phevaluator" and
             any(f.name.endswith(s) for s in suffixes)]
    if len(found) != 1:
        raise OSError(f"expected one native library in phevaluator's files, found {len(found)}")
    return str(found[0].locate())


class PhEvaluatorC(Adapter):
    name = "phevaluator-c"
    family = module = distribution = "phevaluator"
    label = "phevaluator evaluate_omaha_cards (C) called from a C loop (compiled shim, no Python per hand)"

    def __init__(self) -> None:
        self._loop: Any = None
        self._fn: Any = None
        self._problem: Optional[str] = None

    def not_installed(self) -> Optional[str]:
        reason = super().not_installed()
        if reason:
            return reason
        if self._loop is None and self._problem is None:
            try:
                self._fn = ctypes.CDLL(_phevaluator_library()).evaluate_omaha_cards
                self._loop = _compile_shim().omaha_loop
                self._loop.restype = None
                self._loop.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                       ctypes.c_long, ctypes.c_long, ctypes.c_void_p]
            except (ImportError, metadata.PackageNotFoundError, AttributeError, OSError,
                    subprocess.SubprocessError) as exc:
                self._problem = f"C entry point unavailable ({exc.__class__.__name__}: {exc})"
        return self._problem

    def supports(self, w: Workload) -> Optional[str]:
        return _eval_hi_only(w)

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        holes, boards = deal_prefix(w.data, n)
        holes = np.ascontiguousarray(holes, dtype=np.uint8)
        boards = np.ascontiguousarray(boards, dtype=np.uint8)
        step = 0 if boards.ndim == 1 else 5
        out = np.empty(holes.shape[0], dtype=np.int32)
        return holes, boards, step, out

    def run(self, prepared: Any) -> Any:
        holes, boards, step, out = prepared
        address = ctypes.cast(self._fn, ctypes.c_void_p).value
        self._loop(address, holes.ctypes.data, boards.ctypes.data, step, holes.shape[0],
                   out.ctypes.data)
        return out

    def output(self, prepared: Any, raw: Any) -> Any:
        return {"hi": (7463 - raw.astype(np.int64)).astype(np.uint16)}


def _low_scores(masks: np.ndarray) -> np.ndarray:
    """Our low scores (0 none, 56 = 5-4-3-2-A) of 5-rank low masks (256: none)."""
    five = [m for m in range(256) if bin(m).count("1") == 5]  # ascending: best low first
    table = np.zeros(257, dtype=np.uint8)
    table[five] = np.arange(56, 0, -1, dtype=np.uint8)
    scores: np.ndarray = table[masks]
    return scores


class PhEvaluatorCLow(PhEvaluatorC):
    """The hi-lo anchor: phevaluator's C hi plus a plain C low, one C loop (no Python per hand)."""

    name = "phevaluator-c-low"
    label = ("phevaluator evaluate_omaha_cards (C) for hi plus a plain C 8-or-better low over "
             "the two-plus-three combinations (hole-pair and board-triple rank masks, no tables), "
             "one compiled C loop (low alone for eval-lo)")

    def not_installed(self) -> Optional[str]:
        reason = super().not_installed()
        if reason is None and not hasattr(self, "_hilo"):
            self._hilo = _compile_shim().omaha_hilo_loop
            self._hilo.restype = None
            self._hilo.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_long] * 2 + [ctypes.c_void_p] * 2
        return reason

    def supports(self, w: Workload) -> Optional[str]:
        if w.kind != "eval" or "calls" in w.params:
            return "batch scoring workloads only"
        if w.params["mode"] == "hi":
            return "hi alone is phevaluator-c"
        if w.params.get("hole_cards", 4) != 4:
            return "four-card Omaha only in this build (no 5-/6-card tables in its package)"
        return None

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        holes, boards, step, out = super().prepare(w, n, workers)
        return w.params["mode"], holes, boards, step, out, np.empty_like(out)

    def run(self, prepared: Any) -> Any:
        mode, holes, boards, step, hi, lo = prepared
        address = ctypes.cast(self._fn, ctypes.c_void_p).value
        self._hilo(address, holes.ctypes.data, boards.ctypes.data, step, holes.shape[0],
                   hi.ctypes.data if mode == "hilo" else None, lo.ctypes.data)
        return hi, lo

    def output(self, prepared: Any, raw: Any) -> Any:
        hi, lo = raw
        out = {"lo": _low_scores(lo)}
        if prepared[0] == "hilo":
            out["hi"] = (7463 - hi.astype(np.int64)).astype(np.uint16)
        return out


# ---------------------------------------------------------------------------------------------
# treys


class Treys(Adapter):
    name = family = module = distribution = "treys"
    label = ("treys PLOEvaluator.evaluate (pure Python: its 5-card evaluator over the 60 "
             "two-plus-three combinations)")

    def supports(self, w: Workload) -> Optional[str]:
        return _eval_hi_only(w)

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        from treys import Card, PLOEvaluator
        table = [Card.new(card_text(c)) for c in range(52)]
        holes, boards = deal_prefix(w.data, n)
        boards = np.broadcast_to(boards, (holes.shape[0], 5))
        hands = [[table[c] for c in row] for row in holes.tolist()]
        board_lists = [[table[c] for c in row] for row in boards.tolist()]
        return PLOEvaluator(), hands, board_lists

    def run(self, prepared: Any) -> Any:
        evaluator, hands, boards = prepared
        evaluate = evaluator.evaluate
        return list(map(evaluate, hands, boards))

    def output(self, prepared: Any, raw: Any) -> Any:
        return {"hi": (7463 - np.asarray(raw, dtype=np.int64)).astype(np.uint16)}


# ---------------------------------------------------------------------------------------------
# xiapl


def _xiapl_mask(cards: Sequence[int]) -> int:
    # xiapl numbers cards suit-major (2c = 0, 2d = 13) and uses bit ``id`` of a 52-bit mask
    mask = 0
    for c in cards:
        mask |= 1 << ((c % 4) * 13 + c // 4)
    return mask


class Xiapl(Adapter):
    name = family = module = distribution = "xiapl"
    label = "xiapl (C++): eval.evaluate_hand(game=Plo) per hand; simulation.calculate_equity"

    def supports(self, w: Workload) -> Optional[str]:
        if w.kind == "eval":
            if "calls" in w.params:
                return "timed on the batch workloads only"
            if w.params.get("hole_cards", 4) != 4:
                return "four-card Omaha only"
            return None if w.params["mode"] == "hi" else "no 8-or-better low evaluator in this library"
        if w.kind == "equity":
            return None if w.params["game"] == "hi" else "no hi-lo game in this library"
        return "no rules engine in this library"

    def threads(self, workers: int, w: Workload) -> int:
        return workers if w.kind == "equity" else 1  # its equity takes a thread count

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        if w.kind == "eval":
            holes, boards = deal_prefix(w.data, n)
            boards = np.broadcast_to(boards, (holes.shape[0], 5))
            return w, [_xiapl_mask(r) for r in boards.tolist()], [_xiapl_mask(r) for r in holes.tolist()]
        from xiapl.simulation import SimulationOptions
        from .. import cards as oc
        p = w.params
        if p["dead"]:
            raise ValueError("dead cards are not used by the standard workloads")
        masks = [_xiapl_mask(oc.parse_cards(h).tolist()) for h in p["hands"]]
        board = _xiapl_mask(oc.parse_cards(p["board"]).tolist()) if p["board"] else 0
        if p["trials"] is None:
            options = SimulationOptions.exact()
        else:
            options = SimulationOptions.mc_seeded(n, w.seed)
        options.threads = workers
        return w, masks, board, options, call_count(w, n)

    def run(self, prepared: Any) -> Any:
        from xiapl.simulation import GameType
        w = prepared[0]
        if w.kind == "eval":
            from xiapl.eval import evaluate_hand
            _, boards, holes = prepared
            plo = GameType.Plo
            return [evaluate_hand(b, h, game=plo) for b, h in zip(boards, holes)]
        from xiapl.simulation import calculate_equity
        _, holes, board, options, calls = prepared
        for _ in range(calls):  # small spots: the item is one call
            raw = calculate_equity(holes, board, options, game=GameType.Plo)
        return raw

    def output(self, prepared: Any, raw: Any) -> Any:
        w = prepared[0]
        if w.kind == "eval":
            # (category, kickers) orders hands like a score does: compared as keys by the runner
            return {"hi_key": [(int(v.category), tuple(v.kickers)) for v in raw]}
        players = raw.players
        errors = None if raw.exact else [float(p.std_error) for p in players]
        return EquityOutcome([float(p.equity) for p in players], errors, int(raw.trials))


# ---------------------------------------------------------------------------------------------
# poker-equity


class PokerEquity(Adapter):
    name = family = distribution = "poker-equity"
    module = "poker_equity"
    label = "poker-equity (Rust): exact() / chunk() on card masks"

    def supports(self, w: Workload) -> Optional[str]:
        if w.kind == "equity":
            return None
        if w.kind == "eval":
            return "no Omaha evaluator in its API (score_batch ranks 5-7 loose cards only)"
        return "no rules engine in this library"

    def threads(self, workers: int, w: Workload) -> int:
        return 1 if w.params.get("trials", 0) is None else workers  # exact() takes no thread count

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        import poker_equity as pe
        from .. import cards as oc
        p = w.params
        variant = p.get("pe_variant") or ("omaha" if p["game"] == "hi" else "omaha_hi_lo")
        # masks: hands[seat][alternative][slot], a one-bit mask per named card (same card ids)
        hands = [[[1 << c for c in oc.parse_cards(h).tolist()]] for h in p["hands"]]
        board = [1 << c for c in oc.parse_cards(p["board"]).tolist()] if p["board"] else []
        dead = 0
        for c in (oc.parse_cards(p["dead"]).tolist() if p["dead"] else []):
            dead |= 1 << c
        trials = n if p["trials"] is not None else None
        return pe, variant, hands, board, dead, trials, w.seed, workers, call_count(w, n)

    def run(self, prepared: Any) -> Any:
        pe, variant, hands, board, dead, trials, seed, workers, calls = prepared
        if trials is None:
            result = None
            for _ in range(calls):  # small spots: the item is one call
                result = pe.exact(variant, hands, board, dead)  # it takes no thread count
            return result
        return pe.chunk(variant, hands, board, dead, trials, seed=seed, threads=workers)

    def output(self, prepared: Any, raw: Any) -> Any:
        if raw is None:
            raise RuntimeError("poker-equity declined the exact enumeration (too many deals)")
        exact = bool(raw.get("exact"))
        players = raw["players"]
        errors = None if exact else [float(p["std_error"]) for p in players]
        return EquityOutcome([float(p["equity"]) for p in players], errors, int(raw["samples"]))


# ---------------------------------------------------------------------------------------------
# PokerKit


_POKERKIT_AUTOMATIONS = (
    "ANTE_POSTING", "BET_COLLECTION", "BLIND_OR_STRADDLE_POSTING", "CARD_BURNING",
    "RUNOUT_COUNT_SELECTION", "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING", "CHIPS_PUSHING",
    "CHIPS_PULLING",
)


class PokerKit(Adapter):
    name = family = module = distribution = "pokerkit"
    label = ("PokerKit (pure Python): OmahaHoldemHand / OmahaEightOrBetterLowHand.from_game per "
             "hand; PotLimitOmahaHoldem state machine for whole hands")

    def supports(self, w: Workload) -> Optional[str]:
        if w.kind == "query":
            return "no query language"
        if w.kind == "equity":
            return "no exact enumeration; its Monte Carlo helper is not an Omaha equity engine"
        if "calls" in w.params:
            return "timed on the batch workloads only"
        return None

    def prepare(self, w: Workload, n: int, workers: int) -> Any:
        from pokerkit import Card
        parsed = [Card.parse(card_text(c)) for c in range(52)]
        deck = [next(iter(c)) for c in parsed]
        if w.kind == "eval":
            holes, boards = deal_prefix(w.data, n)
            boards = np.broadcast_to(boards, (holes.shape[0], 5))
            return (w, [tuple(deck[c] for c in r) for r in holes.tolist()],
                    [tuple(deck[c] for c in r) for r in boards.tolist()])
        scripts = w.data[:n]
        return w, [([tuple(deck[c] for c in h) for h in s.holes], tuple(deck[c] for c in s.board),
                    s.actions) for s in scripts]

    def run(self, prepared: Any) -> Any:
        w = prepared[0]
        if w.kind == "eval":
            from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
            _, holes, boards = prepared
            mode = w.params["mode"]
            out: Dict[str, Any] = {}
            if mode in ("hi", "hilo"):
                hi = OmahaHoldemHand.from_game
                out["hi"] = [hi(h, b).entry.index for h, b in zip(holes, boards)]
            if mode in ("lo", "hilo"):
                lo = OmahaEightOrBetterLowHand.from_game
                lows = []
                for h, b in zip(holes, boards):
                    try:
                        lows.append(lo(h, b).entry.index)
                    except ValueError:  # no qualifying low
                        lows.append(-1)
                out["lo"] = lows
            return out
        return self._play(prepared[1], w.params["players"])

    @staticmethod
    def _play(hands: Any, players: int) -> List[Tuple[int, ...]]:
        from pokerkit import Automation, PotLimitOmahaHoldem
        from . import games
        automations = tuple(getattr(Automation, a) for a in _POKERKIT_AUTOMATIONS)
        stacks = [games.STACK] * players
        blinds = (games.SMALL_BLIND, games.BIG_BLIND)
        out: List[Tuple[int, ...]] = []
        with warnings.catch_warnings():
            # it warns when told which card to deal (a replay); the deal itself is what we time
            warnings.simplefilter("ignore")
            for holes, board, actions in hands:
                state = PotLimitOmahaHoldem.create_state(
                    automations, True, 0, blinds, games.BIG_BLIND, stacks, players)
                for h in holes:
                    state.deal_hole(h)
                dealt = 0
                for code, amount in actions:
                    while state.can_deal_board():
                        k = 3 if dealt == 0 else 1
                        state.deal_board(board[dealt:dealt + k])
                        dealt += k
                    if code == games.CHECK_CALL:
                        state.check_or_call()
                    elif code == games.FOLD:
                        state.fold()
                    else:
                        state.complete_bet_or_raise_to(amount)
                while state.can_deal_board():  # all in: the rest of the board
                    k = 3 if dealt == 0 else 1
                    state.deal_board(board[dealt:dealt + k])
                    dealt += k
                out.append(tuple(int(s) for s in state.stacks))
        return out

    def output(self, prepared: Any, raw: Any) -> Any:
        w = prepared[0]
        if w.kind != "eval":
            return raw
        out = {}
        if "hi" in raw:  # entry index 0 = worst .. 7461 = best
            out["hi"] = (np.asarray(raw["hi"], dtype=np.int64) + 1).astype(np.uint16)
        if "lo" in raw:  # entry index 0 = best (5-4-3-2-A) .. 55; -1 = none
            lo = np.asarray(raw["lo"], dtype=np.int64)
            out["lo"] = np.where(lo < 0, 0, 56 - lo).astype(np.uint8)
        return out


# ---------------------------------------------------------------------------------------------

def registry() -> List[Adapter]:
    """Every adapter, ours first (the baseline every ratio refers to)."""
    return [OmahaEval(), PhEvaluator(), PhEvaluatorC(), PhEvaluatorCLow(), PokerEquity(), PokerKit(),
            Treys(), Xiapl()]


def select(adapters: List[Adapter], against: Optional[str]) -> List[Adapter]:
    """Ours plus the adapters named in comma-separated ``against`` (names or families; ``all``
    or None for every one, ``none`` for ours alone)."""
    if against is None or against.strip().lower() == "all":
        return list(adapters)
    wanted = [a.strip().lower() for a in against.split(",") if a.strip()]
    if wanted == ["none"]:
        return [a for a in adapters if a.baseline]
    known = {a.name for a in adapters} | {a.family for a in adapters}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError(f"unknown library {unknown[0]!r} in --against; known: "
                         f"{', '.join(sorted(known - {'omaha_eval'}))}")
    return [a for a in adapters if a.baseline or a.name in wanted or a.family in wanted]
