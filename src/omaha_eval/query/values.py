"""Typed expressions evaluated over a frame of deals, and the labels histograms show.

Examples
--------
>>> import numpy as np
>>> from omaha_eval.query.values import labels
>>> labels("handtype", np.array([4, 0], dtype=np.int8))
['straight', 'highcard']
>>> labels("num", np.array([1.0, 0.25]))
['1', '0.25']
"""

from __future__ import annotations

from typing import Any, List

import numpy as np

from .check import CaseOf, Const, Func, Op, Typed
from .functions import Frame, call
from .signatures import HAND_TYPES
from .spot import parse_cards_text

__all__ = ["evaluate", "labels", "sort_labels"]

_COMPARE = {"=": np.equal, "<>": np.not_equal, "<": np.less, "<=": np.less_equal,
            ">": np.greater, ">=": np.greater_equal}


def _const(c: Const, n: int) -> np.ndarray:
    if c.type == "num":
        return np.full(n, float(c.value))
    if c.type == "bool":
        return np.full(n, bool(c.value))
    if c.type == "handtype":
        return np.full(n, int(c.value), dtype=np.int8)
    if c.type == "card":
        return np.full(n, int(c.value), dtype=np.uint8)
    return np.full(n, str(c.value))


def _divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.zeros(np.broadcast(a, b).shape)
    np.divide(a, b, out=out, where=b != 0)
    return out


def _op(e: Op, frame: Frame) -> np.ndarray:
    if e.op == "and":
        return np.asarray(evaluate(e.args[0], frame) & evaluate(e.args[1], frame))
    if e.op == "or":
        return np.asarray(evaluate(e.args[0], frame) | evaluate(e.args[1], frame))
    if e.op == "not":
        return ~evaluate(e.args[0], frame)
    if e.op == "neg":
        return -evaluate(e.args[0], frame)
    a, b = evaluate(e.args[0], frame), evaluate(e.args[1], frame)
    if e.op in _COMPARE:
        result: np.ndarray = _COMPARE[e.op](a, b)
        return result
    if e.op == "+":
        return np.asarray(a + b)
    if e.op == "-":
        return np.asarray(a - b)
    if e.op == "*":
        return np.asarray(a * b)
    return _divide(a, b)


def evaluate(e: Typed, frame: Frame) -> np.ndarray:
    """The value of a typed expression on every deal of the frame: an array of len(frame)."""
    n = len(frame.batch)
    if isinstance(e, Const):
        return _const(e, n)
    if isinstance(e, Func):
        return call(frame, e)
    if isinstance(e, Op):
        return _op(e, frame)
    assert isinstance(e, CaseOf)
    result = evaluate(e.default, frame)
    for cond, value in reversed(e.whens):
        result = np.where(evaluate(cond, frame), evaluate(value, frame), result)
    return result


def _number(v: float) -> str:
    if float(v).is_integer():
        return str(int(v))
    return format(float(v), ".10g")


def labels(type_: str, values: np.ndarray) -> List[str]:
    """The histogram label of each value of a type."""
    if type_ == "bool":
        return ["true" if v else "false" for v in values.tolist()]
    if type_ == "num":
        return [_number(v) for v in values.tolist()]
    if type_ == "handtype":
        return [HAND_TYPES[int(v)] for v in values.tolist()]
    if type_ == "card":
        return [parse_cards_text(int(v)) for v in values.tolist()]
    return [str(v) for v in values.tolist()]


def sort_labels(type_: str, values: np.ndarray) -> Any:
    """The order in which a histogram lists its bins: by value (strings alphabetically)."""
    return np.argsort(values, kind="stable")
