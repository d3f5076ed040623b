"""The argument checks every layer shares: ``workers=``, ``seed=``, ``game=``, counts.

Each check returns the value in the form the layer below wants (a thread count, a 64-bit seed,
a game code) or raises a :class:`~omaha_eval.errors.OmahaEvalError` subclass that names the
argument and the value. The evaluator, the equity engine, the bulk jobs, the CLI and the
service call these, so a value is accepted or refused the same way everywhere.

Examples
--------
>>> from omaha_eval import _args
>>> _args.workers(2), _args.seed(7), _args.game_code("Big O")
(2, 7, (1, 5))
>>> _args.workers(0)
Traceback (most recent call last):
...
omaha_eval.errors.ArgumentError: workers must be -1 (all cores) or 1..256, got 0
"""

from __future__ import annotations

import os
import secrets
from numbers import Integral
from typing import Any, Optional, Union

import numpy as np

from .errors import ArgumentError, ArgumentTypeError
from .variants import VARIANTS, variant

__all__ = ["MAX_WORKERS", "GAMES", "SeedLike", "workers", "seed", "game_code", "positive_int",
           "is_int", "as_index", "flag"]

#: The most threads ``workers=`` accepts (-1 means every core, up to this many). More are never
#: faster here, and each is a native thread: a larger count is refused, not quietly reduced.
MAX_WORKERS = 256

#: ``game=`` values that name only the half of the pot (the hole count comes from the hands).
GAMES = {"hi": 0, "hilo": 1}

SeedLike = Union[None, int, np.random.Generator]


def workers(value: Any) -> int:
    """``workers=`` as a thread count: -1 = all cores, else 1 .. :data:`MAX_WORKERS`.

    Parameters
    ----------
    value : int
        The argument as given (``True`` and ``1.0`` are refused: they are not counts).

    Returns
    -------
    int
        The number of threads.

    Examples
    --------
    >>> workers(1), workers(-1) >= 1
    (1, True)
    """
    if type(value) is int and 1 <= value <= MAX_WORKERS:  # the common case, first
        return value
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ArgumentError(f"workers must be a positive int or -1 (all cores), got {value!r}")
    if value == -1:
        return min(os.cpu_count() or 1, MAX_WORKERS)
    if not 1 <= value <= MAX_WORKERS:
        raise ArgumentError(f"workers must be -1 (all cores) or 1..{MAX_WORKERS}, got {value!r}")
    return int(value)


def seed(value: SeedLike) -> int:
    """``seed=`` as a 64-bit int: None draws a fresh one, a Generator gives one draw.

    Parameters
    ----------
    value : int, numpy.random.Generator or None
        The argument as given.

    Returns
    -------
    int
        A seed in 0 .. 2**64 - 1 (0 .. 2**63 - 1 when drawn).

    Examples
    --------
    >>> seed(5), 0 <= seed(None) < 2**63
    (5, True)
    """
    if value is None:
        return secrets.randbits(63)
    if isinstance(value, np.random.Generator):
        return int(value.integers(0, 2**63))
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ArgumentError(f"seed must be an int, a numpy Generator or None, got {value!r}")
    if not 0 <= value < 2**64:  # the native generators take 64 bits: never fold seeds together
        raise ArgumentError(f"seed must be an int in 0..2**64 - 1, got {value}")
    return int(value)


def game_code(game: Any) -> tuple[int, Optional[int]]:
    """``game=`` as (0 = hi / 1 = hi-lo, the hole count a variant name fixes, or None).

    Parameters
    ----------
    game : str
        ``"hi"``, ``"hilo"`` or any name :func:`omaha_eval.variants.variant` knows.

    Returns
    -------
    tuple
        The half code and the hole count (None for ``"hi"`` and ``"hilo"``).

    Examples
    --------
    >>> game_code("hi"), game_code("plo8"), game_code("omaha8")
    ((0, None), (1, 4), (1, 4))
    """
    if isinstance(game, str) and game in GAMES:
        return GAMES[game], None
    try:
        v = variant(game)
    except (TypeError, ValueError):
        names = ", ".join(repr(n) for n in (*GAMES, *VARIANTS))
        raise ArgumentError(f"game must be one of {names}; got {game!r}") from None
    return GAMES[v.game], v.hole_cards


def positive_int(value: Any, name: str, most: Optional[int] = None) -> int:
    """A count argument (``trials``, ``hands``, ...): an int from 1 to ``most``.

    Parameters
    ----------
    value : int
        The argument as given (bools and floats are refused).
    name : str
        The argument's name, for the message.
    most : int, optional
        The largest value accepted.

    Returns
    -------
    int
        The value.

    Examples
    --------
    >>> positive_int(3, "trials")
    3
    >>> positive_int(0, "trials")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.ArgumentError: trials must be a positive int, got 0
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ArgumentError(f"{name} must be a positive int, got {value!r}")
    if most is not None and value > most:
        raise ArgumentError(f"{name} must be at most {most:,}, got {value:,}")
    return int(value)


def flag(value: Any, name: str) -> bool:
    """A yes/no argument: a bool or a NumPy bool, never an array or a string.

    Parameters
    ----------
    value : object
        The argument.
    name : str
        Its name, for the message.

    Returns
    -------
    bool
        The value as a Python bool.

    Raises
    ------
    ArgumentTypeError
        Anything else (an array, ``"yes"``, ``1``).

    Examples
    --------
    >>> flag(np.bool_(True), "check")
    True
    >>> flag("yes", "check")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.ArgumentTypeError: check must be True or False, got 'yes'
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ArgumentTypeError(f"{name} must be True or False, got {value!r:.60}")


def is_int(value: object) -> bool:
    """An int that is not a bool (chips, seats and counts are never True or 2.0).

    Parameters
    ----------
    value : object
        Anything.

    Returns
    -------
    bool
        Whether ``value`` is a Python int other than a bool.

    Examples
    --------
    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def as_index(value: object) -> Optional[int]:
    """An integer argument (a Python or NumPy int, never a bool or a float) as an int, else None.

    Parameters
    ----------
    value : object
        Anything.

    Returns
    -------
    int or None
        The value as a Python int, or None when it is not an integer.

    Examples
    --------
    >>> as_index(np.int64(2)), as_index(2.0), as_index(False)
    (2, None, None)
    """
    if type(value) is int:  # the common case, without the slower abstract-class check
        return value
    if isinstance(value, bool) or not isinstance(value, Integral):
        return None
    return int(value)
