"""Names and types: a parsed query becomes a typed plan, or a :class:`QueryError` before any work.

Types: ``bool``, ``num``, ``str`` (literals and ``case`` labels), ``handtype`` (ordered,
``'flush' > 'straight'``), ``card`` (``turnCard() = 'As'``). Booleans take ``and``/``or``/``not``
and ``=``/``<>``; numbers take arithmetic and every comparison; a string compares with a hand
type or a card when it names one. ``count`` takes a boolean, ``avg`` a number or a boolean
(the fraction of true), ``histogram`` anything.

Examples
--------
>>> from omaha_eval.query.check import plan_of
>>> from omaha_eval.query.syntax import parse
>>> p = plan_of(parse("select avg(riverEquity(hero)) as eq from game='omahahi', "
...                   "hero='AA**', villain='*'"))
>>> [(c.name, c.kind, c.expr.type) for c in p.columns]
[('eq', 'avg', 'num')]
>>> plan_of(parse("select count(winsHi(hero) + 1) from game='omahahi', hero='AA**', villain='*'"))
Traceback (most recent call last):
...
omaha_eval.errors.QueryError: arithmetic needs numbers, got a boolean and a number at line 1, column 27
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from ..cards import parse_cards
from ..errors import CardError, QueryError, RangeError
from ..ranges import Range, parse_range
from .signatures import AGGREGATES, FUNCTIONS, HAND_TYPES, STREETS, TYPE_WORDS, Signature
from .spot import Spot, filter_board, spot_of
from .syntax import Binary, Call, Case, Name, Node, Number, Query, String, Unary

__all__ = ["Typed", "Const", "Func", "Op", "CaseOf", "Column", "Plan", "plan_of"]


@dataclass(frozen=True)
class Const:
    """A constant of a type."""

    type: str
    value: Any


@dataclass(frozen=True)
class Func:
    """A call with its arguments resolved: player index, street (board cards), hand type, range;
    ``line`` and ``column`` say where it was written (for errors found when planning the work)."""

    name: str
    type: str
    player: Optional[int] = None
    street: Optional[int] = None
    handtype: Optional[int] = None
    range: Optional[Range] = None
    line: int = field(default=1, compare=False)
    column: int = field(default=1, compare=False)


@dataclass(frozen=True)
class Op:
    """An operator over typed arguments (``and``, ``or``, ``not``, ``neg``, comparisons, arithmetic)."""

    op: str
    type: str
    args: Tuple["Typed", ...]


@dataclass(frozen=True)
class CaseOf:
    """``case when ... then ... else ... end`` (the default is filled in when it was omitted)."""

    type: str
    whens: Tuple[Tuple["Typed", "Typed"], ...]
    default: "Typed"


Typed = Any  # Const | Func | Op | CaseOf (Any keeps mypy away from recursive unions)


@dataclass(frozen=True)
class Column:
    """One output column: its name, aggregate kind and typed argument."""

    name: str
    kind: str
    expr: Typed


@dataclass(frozen=True)
class Plan:
    """A checked query: the spot, the columns and the ``where`` filter (None without one)."""

    spot: Spot
    columns: Tuple[Column, ...]
    where: Optional[Typed]


def _word(t: str) -> str:
    return TYPE_WORDS.get(t, t)


class _Checker:
    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.players = {name: i for i, name in enumerate(spot.names)}
        self.outer = False  # True while typing a select item that is not a bare aggregate

    def fail(self, node: Node, message: str) -> QueryError:
        return QueryError(message, node.line, node.column)

    # ---- leaves
    def name(self, node: Name) -> Typed:
        low = node.name.lower()
        if node.name in self.players:
            return Const("player", self.players[node.name])
        if low in STREETS:
            return Const("street", STREETS[low])
        if low in HAND_TYPES:
            return Const("handtype", HAND_TYPES.index(low))
        if low in ("true", "false"):
            return Const("bool", low == "true")
        raise self.fail(node, f"unknown name {node.name!r} (not a bound player, a street or a "
                              f"hand type)")

    def expr(self, node: Any) -> Typed:
        if isinstance(node, Number):
            return Const("num", node.value)
        if isinstance(node, String):
            return Const("str", node.value)
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Unary):
            return self.unary(node)
        if isinstance(node, Binary):
            return self.binary(node)
        assert isinstance(node, Case)
        return self.case(node)

    def value(self, node: Any) -> Typed:
        """An expression that must be a value (not a player or a street)."""
        t = self.expr(node)
        if t.type in ("player", "street"):
            raise self.fail(node, f"{_word(t.type)} is not a value here")
        return t

    # ---- calls
    def call(self, node: Call) -> Typed:
        low = node.name.lower()
        if low in AGGREGATES and self.outer and low != "histogram":
            for arg in node.args:
                self.value(arg)
            return Const("num", 0.0)  # typed as its result, so the error is the outer one
        if low in AGGREGATES:
            raise self.fail(node, f"{node.name}() is an aggregate: only at the top of a "
                                  f"select item")
        sig = FUNCTIONS.get(low)
        if sig is None:
            raise self.fail(node, f"unknown function {node.name!r}")
        if len(node.args) != len(sig.args):
            raise self.fail(node, f"{sig.name} takes {len(sig.args)} argument"
                                  f"{'s' if len(sig.args) != 1 else ''}, got {len(node.args)}")
        if sig.lo and not self.spot.hilo:
            raise self.fail(node, f"{sig.name} needs an 8-or-better game, "
                                  f"{self.spot.variant.name} has no low")
        slots: dict[str, Any] = {}
        for kind, arg in zip(sig.args, node.args):
            slots[kind] = self.argument(sig, kind, arg)
        return Func(sig.name, sig.result, slots.get("player"), slots.get("street"),
                    slots.get("handtype"), slots.get("range"), node.line, node.column)

    def argument(self, sig: Signature, kind: str, arg: Any) -> Any:
        if kind == "range":
            if not isinstance(arg, String):
                raise self.fail(arg, f"{sig.name} needs a quoted range here")
            return self.range_text(arg)
        t = self.expr(arg)
        if kind == "handtype" and t.type == "str":
            t = self.handtype_literal(arg, t.value)
        if kind == "street" and t.type == "str" and t.value.lower() in STREETS:
            t = Const("street", STREETS[t.value.lower()])
        if t.type != kind or not isinstance(t, Const):
            raise self.fail(arg, f"{sig.name} needs {_word(kind)} here, got {_word(t.type)}")
        if kind == "street":
            name = next(s for s, n in STREETS.items() if n == t.value)
            if name not in sig.streets:
                raise self.fail(arg, f"{sig.name} takes the street {', '.join(sig.streets)}, "
                                     f"not {name}")
        return t.value

    def range_text(self, arg: String) -> Range:
        v = self.spot.variant
        board = filter_board(self.spot.board, arg.value, "inRange", arg.line, arg.column)
        try:
            r = parse_range(arg.value, game=v.game, hole_cards=v.hole_cards, board=board)
        except RangeError as exc:
            raise self.fail(arg, str(exc)) from None
        if r.hole_cards != v.hole_cards:
            raise self.fail(arg, f"a range of {r.hole_cards}-card hands in a game of "
                                 f"{v.hole_cards} hole cards")
        return r

    def handtype_literal(self, node: Any, text: str) -> Typed:
        key = text.lower().replace(" ", "").replace("_", "")
        if key not in HAND_TYPES:
            raise self.fail(node, f"unknown hand type {text!r}; known: {', '.join(HAND_TYPES)}")
        return Const("handtype", HAND_TYPES.index(key))

    def card_literal(self, node: Any, text: str) -> Typed:
        try:
            ids = parse_cards(text)
        except CardError as exc:
            raise self.fail(node, f"bad card: {exc}") from None
        if ids.size != 1:
            raise self.fail(node, f"a card is one card, got {text!r}")
        return Const("card", int(ids[0]))

    # ---- operators
    def unary(self, node: Unary) -> Typed:
        arg = self.value(node.arg)
        if node.op == "not":
            if arg.type != "bool":
                raise self.fail(node, f"not needs a boolean, got {_word(arg.type)}")
            return Op("not", "bool", (arg,))
        if arg.type != "num":
            raise self.fail(node, f"'-' needs a number, got {_word(arg.type)}")
        return Op("neg", "num", (arg,))

    def binary(self, node: Binary) -> Typed:
        left, right = self.value(node.left), self.value(node.right)
        if node.op in ("and", "or"):
            if left.type != "bool" or right.type != "bool":
                raise self.fail(node, f"{node.op} needs booleans, got {_word(left.type)} and "
                                      f"{_word(right.type)}")
            return Op(node.op, "bool", (left, right))
        if node.op in ("+", "-", "*", "/"):
            if left.type != "num" or right.type != "num":
                raise self.fail(node, f"arithmetic needs numbers, got {_word(left.type)} and "
                                      f"{_word(right.type)}")
            return Op(node.op, "num", (left, right))
        return self.compare(node, left, right)

    def coerce(self, node: Binary, left: Typed, right: Typed) -> Tuple[Typed, Typed]:
        """A string literal beside a hand type or a card becomes one."""
        for target, make in (("handtype", self.handtype_literal), ("card", self.card_literal)):
            if left.type == target and right.type == "str" and isinstance(right, Const):
                return left, make(node.right, right.value)
            if right.type == target and left.type == "str" and isinstance(left, Const):
                return make(node.left, left.value), right
        return left, right

    def compare(self, node: Binary, left: Typed, right: Typed) -> Typed:
        left, right = self.coerce(node, left, right)
        if left.type != right.type:
            raise self.fail(node, f"cannot compare {_word(left.type)} with {_word(right.type)}")
        if left.type in ("bool", "card", "str") and node.op not in ("=", "<>"):
            raise self.fail(node, f"{_word(left.type)} compares only with = and <>")
        return Op(node.op, "bool", (left, right))

    def case(self, node: Case) -> Typed:
        whens = []
        for cond, value in node.whens:
            c = self.value(cond)
            if c.type != "bool":
                raise self.fail(cond, f"when needs a boolean, got {_word(c.type)}")
            whens.append((c, self.value(value)))
        default = None if node.default is None else self.value(node.default)
        types = {v.type for _, v in whens} | ({default.type} if default is not None else set())
        if len(types) != 1:
            raise self.fail(node, "the branches of a case give different types: "
                                  + ", ".join(sorted(_word(t) for t in types)))
        t = types.pop()
        if default is None:
            if t not in ("num", "bool"):
                raise self.fail(node, f"a case of {_word(t)} needs an else")
            default = Const(t, 0.0 if t == "num" else False)
        return CaseOf(t, tuple(whens), default)

    # ---- the select list
    def column(self, index: int, item: Any) -> Column:
        node = item.expr
        if not isinstance(node, Call) or node.name.lower() not in AGGREGATES:
            self.outer = True
            self.value(node)  # a type error inside is reported first
            self.outer = False
            raise self.fail(node, "a select item must be count(...), avg(...) or "
                                  "histogram(...)")
        kind = node.name.lower()
        if len(node.args) != 1:
            raise self.fail(node, f"{kind} takes 1 argument, got {len(node.args)}")
        arg = self.value(node.args[0])
        if kind == "count" and arg.type != "bool":
            raise self.fail(node.args[0], f"count needs a boolean, got {_word(arg.type)}")
        if kind == "avg" and arg.type not in ("num", "bool"):
            raise self.fail(node.args[0], f"avg needs a number or a boolean, got "
                                          f"{_word(arg.type)}")
        return Column(item.name or f"{kind}{index + 1}", kind, arg)


def plan_of(query: Query) -> Plan:
    """Checks a parsed query and resolves its names: the :class:`Plan` the engine runs.

    Raises
    ------
    QueryError
        Unknown function or name, wrong arity, an unbound player, a type error, a bad range,
        a street a function does not take, a low function in a hi game, repeated column names.
    """
    spot = spot_of(query)
    checker = _Checker(spot)
    columns: List[Column] = []
    for i, item in enumerate(query.select):
        col = checker.column(i, item)
        if any(c.name == col.name for c in columns):
            raise QueryError(f"two columns are named {col.name!r}", item.line, item.column)
        columns.append(col)
    where = None
    if query.where is not None:
        where = checker.value(query.where)
        if where.type != "bool":
            raise QueryError(f"where needs a boolean, got {_word(where.type)}",
                             query.where.line, query.where.column)
    return Plan(spot, tuple(columns), where)
