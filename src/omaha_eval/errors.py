"""Every error this library raises on purpose, under one base.

Catch :class:`OmahaEvalError` to catch any of them; it is a :class:`ValueError`, so code that
caught ``ValueError`` before keeps working. Each message says what is wrong and where.

==========================  ===================================================  =============================
class                       raised by                                            example message
==========================  ===================================================  =============================
``CardError``               card text and ids, every evaluator and equity call   ``unknown card '1x' at position 2``
``RangeError``              :func:`omaha_eval.parse_range`, ranges in equity     ``bad range 'AAKy': unknown card or rank 'y' at position 3``
``HandSetupError``          :class:`omaha_eval.game.Hand` construction           ``the small blind 2 is above the big blind 1``
``IllegalActionError``      the actions of :class:`omaha_eval.game.Hand`         ``raise to 8 is above the pot-limit maximum 7``
``PHHError``                PHH reading, writing and replay                      ``not valid TOML: ...``
``TableError``              :class:`omaha_eval.game.Table` and sessions          ``seat 0 is taken by ann``
``BulkError``               preflop tables and bulk jobs                         ``trials must be in 1..10**12, got 0``
``HHError``                 site hand-history readers                            ``a.txt line 3: unrecognised line 'xyz'``
``ChipError``               a site hand's chips that cannot settle it            ``a contested pot nobody showed for``
``ArgumentError``           ``workers=``, ``seed=``, ``game=``, ``trials=`` ...  ``workers must be -1 (all cores) or 1..256, got 0``
``MissingDependencyError``  an optional package that is not installed            ``to_pandas() needs pandas: ...``
``QueryError``              :func:`omaha_eval.pql` queries                       ``unknown function 'foo' at line 1, column 14``
==========================  ===================================================  =============================

Examples
--------
>>> import omaha_eval as oe
>>> try:
...     oe.parse_cards("AsKd1x")
... except oe.OmahaEvalError as exc:
...     print(type(exc).__name__, "-", exc)
CardError - unknown card '1x' at position 2
>>> issubclass(oe.RangeError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "OmahaEvalError", "CardError", "RangeError", "HandSetupError", "IllegalActionError",
    "PHHError", "TableError", "BulkError", "HHError", "ChipError", "ArgumentError",
    "MissingDependencyError", "QueryError",
]


class OmahaEvalError(ValueError):
    """The base of every error this library raises on purpose (a :class:`ValueError`).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> try:
    ...     oe.equity(["AsKsQhJh", "AsKdQdJd"])
    ... except oe.OmahaEvalError as exc:
    ...     print(type(exc).__name__)
    CardError
    """


class ArgumentError(OmahaEvalError):
    """An argument every layer shares with a value it cannot take: ``workers``, ``seed``,
    ``game``, ``trials``; the message names the argument and the value.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> try:
    ...     oe.equity(["AsKsQhJh", "2c2d7h8s"], workers=0)
    ... except oe.ArgumentError as exc:
    ...     print(exc)
    workers must be -1 (all cores) or 1..256, got 0
    """


class CardError(OmahaEvalError):
    """A card or a set of cards that cannot be used: unknown text, id out of range, duplicates.

    The message names the card and its position.

    Examples
    --------
    >>> from omaha_eval import CardError, parse_cards
    >>> try:
    ...     parse_cards("AsKd1x")
    ... except CardError as exc:
    ...     print(exc)
    unknown card '1x' at position 2
    """


class RangeError(OmahaEvalError):
    """A range text that does not follow the documented syntax, or leaves no holding.

    The message names the token and its position.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.parse_range("AAKy")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.RangeError: bad range 'AAKy': unknown card or rank 'y' at position 3
    """


class IllegalActionError(OmahaEvalError):
    """An action that the rules do not allow now; the message says why. The hand is unchanged.

    Examples
    --------
    >>> from omaha_eval import IllegalActionError, OmahaEvalError
    >>> issubclass(IllegalActionError, OmahaEvalError)
    True
    """


class HandSetupError(OmahaEvalError):
    """A hand that cannot be set up as asked (bad stacks, posts, button, cards or options).

    Examples
    --------
    >>> from omaha_eval import HandSetupError, OmahaEvalError
    >>> issubclass(HandSetupError, OmahaEvalError)
    True
    """


class PHHError(OmahaEvalError):
    """A PHH hand history that cannot be read or replayed; the message names the field or action.

    Examples
    --------
    >>> from omaha_eval import OmahaEvalError, PHHError
    >>> issubclass(PHHError, OmahaEvalError)
    True
    """


class TableError(OmahaEvalError):
    """A table operation the rules do not allow (a bad seat, a leave during a hand, ...).

    Examples
    --------
    >>> from omaha_eval import OmahaEvalError, TableError
    >>> issubclass(TableError, OmahaEvalError)
    True
    """


class BulkError(OmahaEvalError):
    """Bad arguments to a bulk job, or partial results that do not belong to it.

    Examples
    --------
    >>> from omaha_eval import BulkError, OmahaEvalError
    >>> issubclass(BulkError, OmahaEvalError)
    True
    """


class ChipError(OmahaEvalError):
    """The chips alone cannot settle the hand (a contested pot nobody showed for, a short board).

    Examples
    --------
    >>> from omaha_eval import ChipError, OmahaEvalError
    >>> issubclass(ChipError, OmahaEvalError)
    True
    """


class HHError(OmahaEvalError):
    """A site hand history that cannot be read: says what is wrong and where (file, hand, line).

    Examples
    --------
    >>> str(HHError("unrecognised line 'xyz'", file="a.txt", line=3))
    "a.txt line 3: unrecognised line 'xyz'"
    """

    def __init__(self, message: str, *, file: str = "", hand_id: str = "", line: int = 0) -> None:
        self.message = message
        self.file = file
        self.hand_id = hand_id
        self.line = line
        where = " ".join(part for part in (file, f"hand {hand_id}" if hand_id else "",
                                           f"line {line}" if line else "") if part)
        super().__init__(f"{where}: {message}" if where else message)


class MissingDependencyError(OmahaEvalError, ImportError):
    """An optional package a feature needs is not installed; the message names the extra.

    It is also an :class:`ImportError`, so ``except ImportError`` catches it as before.

    Examples
    --------
    >>> from omaha_eval import MissingDependencyError
    >>> issubclass(MissingDependencyError, ImportError)
    True
    >>> try:
    ...     raise MissingDependencyError("to_pandas() needs pandas")
    ... except ImportError as exc:
    ...     print(exc)
    to_pandas() needs pandas
    """


class QueryError(OmahaEvalError):
    """A query (:func:`omaha_eval.pql`) that cannot run: bad syntax, an unknown function or
    name, a wrong number of arguments, a type error, an unbound player, a bad range or game.

    The message names the problem and where it is in the query (line and column, 1-based);
    :attr:`line` and :attr:`column` hold them (0 when the problem has no single place).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> try:
    ...     oe.pql("select avg(winsHi(hero)) > 'x' from game='omahahi', hero='AA**', villain='*'")
    ... except oe.QueryError as exc:
    ...     print(exc)
    cannot compare a number with a string at line 1, column 26
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.message = message
        self.line = line
        self.column = column
        where = f" at line {line}, column {column}" if line else ""
        super().__init__(f"{message}{where}")
