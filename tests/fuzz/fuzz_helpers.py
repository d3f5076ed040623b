"""What every fuzz test checks, and how big the runs are.

Size: ``OMAHA_EVAL_FUZZ_EXAMPLES`` (examples per test) turns a run into real fuzzing: that many
examples, drawn at random (a new seed each run). Without it the examples per test are the
``ci`` figure given by each test (a few thousand in all) and derandomized, so CI is
reproducible. ``OMAHA_EVAL_FUZZ_TIME_LIMIT`` (seconds, default 1) is the most CPU time one call
may take; the sanitizer build (``tools/sanitize.sh``) raises it because that build is ~3x slower.
"""

from __future__ import annotations

import dis
import linecache
import os
import time
from contextlib import contextmanager
from typing import Any, Iterator, Optional, Tuple, Type

from hypothesis import HealthCheck, settings

from omaha_eval.game import Hand, HandResult
from omaha_eval.game.table import Table

_EXAMPLES = os.environ.get("OMAHA_EVAL_FUZZ_EXAMPLES")
TIME_LIMIT = float(os.environ.get("OMAHA_EVAL_FUZZ_TIME_LIMIT", "1.0"))


def fuzz_settings(ci: int) -> settings:
    """Hypothesis settings of a fuzz test: ``ci`` examples by default (see the module docstring)."""
    examples = int(_EXAMPLES) if _EXAMPLES else ci
    return settings(max_examples=examples, derandomize=not _EXAMPLES, deadline=None,
                    database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def is_library_error(exc: BaseException, kinds: Tuple[Type[BaseException], ...] = (ValueError, TypeError)
                     ) -> Optional[str]:
    """None if ``exc`` is one of the library's deliberate errors: a ValueError (the library's own
    errors all derive from it) or a TypeError, with a message, raised by a ``raise`` statement in
    omaha_eval's own source (not by NumPy or a builtin deep inside). Otherwise what is wrong."""
    if not isinstance(exc, kinds):
        return f"{type(exc).__name__} is not a library error: {exc!r}"
    if not str(exc):
        return f"{type(exc).__name__} without a message"
    tb = exc.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    filename = code.co_filename
    if "omaha_eval" not in filename:
        return f"{type(exc).__name__} raised outside omaha_eval ({filename}:{tb.tb_lineno}): {exc}"
    if filename.endswith(".py") and not _is_raise(code, tb.tb_lasti):
        line = linecache.getline(filename, tb.tb_lineno).strip()
        return (f"{type(exc).__name__} from inside omaha_eval ({os.path.basename(filename)}:"
                f"{tb.tb_lineno}: {line!r}), not a deliberate raise: {exc}")
    return None


_RAISES = {dis.opmap[name] for name in ("RAISE_VARARGS", "RERAISE") if name in dis.opmap}


def _is_raise(code: Any, lasti: int) -> bool:
    """The instruction that raised is a ``raise`` statement (read from the bytecode, so a source
    file changed on disk during a long run cannot mislead it). ``lasti`` is a byte offset, or an
    instruction index on Pythons that count that way."""
    ops = code.co_code
    return any(0 <= k < len(ops) and ops[k] in _RAISES for k in (lasti, 2 * lasti))


def check_library_error(exc: BaseException, *kinds: Type[BaseException]) -> None:
    problem = is_library_error(exc, kinds or (ValueError, TypeError))
    if problem:
        raise AssertionError(problem) from exc


@contextmanager
def within_time_limit(what: Any) -> Iterator[None]:
    """The CPU time of the block is at most TIME_LIMIT (CPU, not wall time: the machine is shared)."""
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent <= TIME_LIMIT, f"{spent:.2f} s of CPU (limit {TIME_LIMIT} s) for {what!r:.300}"


def call(what: Any, function: Any, *args: Any, errors: Tuple[Type[BaseException], ...] = (ValueError, TypeError),
         **kwargs: Any) -> Tuple[bool, Any]:
    """``(True, result)`` or ``(False, exception)`` for a library error; anything else fails the
    test, and so does a call over the time limit."""
    start = time.process_time()
    try:
        result = function(*args, **kwargs)
        ok = True
    except BaseException as exc:  # noqa: B902 - every kind is judged below
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        problem = is_library_error(exc, errors)
        if problem:
            raise AssertionError(f"{problem}\n  call: {what!r:.300}") from exc
        result, ok = exc, False
    spent = time.process_time() - start
    assert spent <= TIME_LIMIT, f"{spent:.2f} s of CPU (limit {TIME_LIMIT} s) for {what!r:.300}"
    return ok, result


# ---- snapshots: a refused call must leave these equal ----

_CONTAINERS = (list, tuple, set, frozenset, dict, HandResult)


def _plain(value: Any) -> Any:
    """A comparable copy: containers copied all the way down, results as dicts; everything else
    (ints, strings, events, configs, posts: immutable) as it is."""
    if isinstance(value, (list, tuple)):
        items = tuple(value)
        if any(isinstance(v, _CONTAINERS) for v in items):
            return tuple(_plain(v) for v in items)
        return items
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, _plain(v)) for k, v in value.items()))
    if isinstance(value, HandResult):
        return value.to_dict()
    return value


def hand_state(hand: Hand) -> tuple:
    """Everything a Hand holds (its slots; a result as its dict)."""
    return tuple(_plain(getattr(hand, name)) for name in Hand.__slots__)


def table_state(table: Table) -> tuple:
    """Everything a Table holds that a call could change (seats, positions, kill, history, the
    current hand)."""
    seats = tuple(None if p is None else tuple(sorted(vars(p).items())) for p in table.seats)
    records = tuple((r.number, tuple(sorted(r.finishing.items())), r.kill_earned, r.chopped, id(r.hand))
                    for r in table.history)
    return (seats, table.positions.to_dict(), table.pending_kill, table.in_hand, records,
            table.bought_in, table.cashed_out, table.plan, id(table.hand),
            None if table.hand is None else hand_state(table.hand))
