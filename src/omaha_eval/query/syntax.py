"""The syntax of a query: the grammar (parsed by Lark) and the tree it builds.

A query reads like SQL::

    select count(winsHi(hero)) as heroWins, avg(riverEquity(hero))
    from game='omahahi', hero='AA**', villain='*', board='Ks7d2c'
    where HvHequity(hero, flop) > 0.5

Keywords (``select``, ``from``, ``where``, ``as``, ``and``, ``or``, ``not``, ``case``, ``when``,
``then``, ``else``, ``end``) and function names are case-insensitive; names bound in ``from``
(the players) keep their case. Strings are in single or double quotes. Every node keeps the
line and column (1-based) where it starts, so later errors can say where.

Examples
--------
>>> from omaha_eval.query.syntax import parse
>>> q = parse("select count(winsHi(hero)) as w from game='omaha8', hero='A2**', villain='*'")
>>> [(item.name, item.call.name) for item in q.select], [b.name for b in q.bindings]
([('w', 'count')], ['game', 'hero', 'villain'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, List, Optional, Tuple, Union

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import ArgumentTypeError, QueryError

__all__ = ["Node", "Number", "String", "Name", "Call", "Unary", "Binary", "Case", "SelectItem",
           "Binding", "Query", "parse", "MAX_QUERY", "MAX_DEPTH"]

MAX_QUERY = 10_000
"""The longest query text accepted, in characters."""

MAX_DEPTH = 200
"""The deepest nesting of expressions accepted (``not not ... x``, nested calls and cases)."""

_GRAMMAR = r"""
start: _SELECT select_list _FROM bindings [_WHERE expr]
select_list: select_item ("," select_item)*
select_item: expr [_AS NAME]
bindings: binding ("," binding)*
binding: NAME "=" STRING

?expr: or_expr
?or_expr: and_expr | or_expr _OR and_expr -> or_op
?and_expr: not_expr | and_expr _AND not_expr -> and_op
?not_expr: compare | NOT not_expr -> not_op
?compare: sum | sum CMP sum -> cmp_op
?sum: product | sum ADD product -> arith_op
?product: unary | product MUL unary -> arith_op
?unary: atom | MINUS unary -> neg_op
?atom: NUMBER -> number
     | STRING -> string
     | NAME "(" [expr ("," expr)*] ")" -> call
     | NAME -> name
     | "(" expr ")"
     | case_expr
case_expr: CASE when_clause+ [_ELSE expr] _END
when_clause: _WHEN expr _THEN expr

_SELECT.2: /select\b/i
_FROM.2: /from\b/i
_WHERE.2: /where\b/i
_AS.2: /as\b/i
_OR.2: /or\b/i
_AND.2: /and\b/i
NOT.2: /not\b/i
CASE.2: /case\b/i
_WHEN.2: /when\b/i
_THEN.2: /then\b/i
_ELSE.2: /else\b/i
_END.2: /end\b/i
CMP: "<=" | ">=" | "<>" | "!=" | "==" | "=" | "<" | ">"
ADD: "+" | "-"
MINUS: "-"
MUL: "*" | "/"
NAME: /[A-Za-z_][A-Za-z0-9_]*/
NUMBER: /(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/
STRING: /'[^'\n]*'/ | /"[^"\n]*"/
COMMENT: /--[^\n]*/
%import common.WS
%ignore WS
%ignore COMMENT
"""


@dataclass(frozen=True)
class Node:
    """Where a piece of the query starts (1-based line and column)."""

    line: int
    column: int


@dataclass(frozen=True)
class Number(Node):
    """A number literal; ``integral`` when written without a point or exponent."""

    value: float
    integral: bool


@dataclass(frozen=True)
class String(Node):
    """A quoted string (quotes removed)."""

    value: str


@dataclass(frozen=True)
class Name(Node):
    """A bare name: a player, a street, a hand type, ``true`` or ``false``."""

    name: str


@dataclass(frozen=True)
class Call(Node):
    """A function call (``name`` as written)."""

    name: str
    args: Tuple["Expr", ...]


@dataclass(frozen=True)
class Unary(Node):
    """``not x`` (op ``not``) or ``-x`` (op ``-``)."""

    op: str
    arg: "Expr"


@dataclass(frozen=True)
class Binary(Node):
    """``a op b``: ``and``, ``or``, a comparison or arithmetic (``=`` for ``==``, ``<>`` for ``!=``)."""

    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Case(Node):
    """``case when c1 then v1 ... [else d] end``."""

    whens: Tuple[Tuple["Expr", "Expr"], ...]
    default: Optional["Expr"]


Expr = Union[Number, String, Name, Call, Unary, Binary, Case]


@dataclass(frozen=True)
class SelectItem(Node):
    """One column: an expression (checked later to be an aggregate call) and its name."""

    expr: Expr
    name: Optional[str]

    @property
    def call(self) -> Call:
        """The expression as a call (the checker guarantees it is one)."""
        assert isinstance(self.expr, Call)
        return self.expr


@dataclass(frozen=True)
class Binding(Node):
    """``name='text'`` in the ``from`` clause; ``value_line``/``value_column`` locate the text."""

    name: str
    value: str
    value_line: int
    value_column: int


@dataclass(frozen=True)
class Query(Node):
    """A parsed query."""

    select: Tuple[SelectItem, ...]
    bindings: Tuple[Binding, ...]
    where: Optional[Expr] = field(default=None)


def _at(token: Token) -> Tuple[int, int]:
    return int(token.line or 1), int(token.column or 1)


def _where(node: Any) -> Tuple[int, int]:
    if isinstance(node, Token):
        return _at(node)
    return node.line, node.column


@v_args(inline=True)
class _Build(Transformer[Token, Query]):
    """Lark's tree to the dataclasses above."""

    def number(self, tok: Token) -> Number:
        text = str(tok)
        return Number(*_at(tok), float(text), not any(c in text for c in ".eE"))

    def string(self, tok: Token) -> String:
        return String(*_at(tok), str(tok)[1:-1])

    def name(self, tok: Token) -> Name:
        return Name(*_at(tok), str(tok))

    def call(self, tok: Token, *args: Any) -> Call:
        return Call(*_at(tok), str(tok), tuple(a for a in args if a is not None))

    def neg_op(self, tok: Token, arg: Expr) -> Unary:
        return Unary(*_at(tok), "-", arg)

    def not_op(self, tok: Token, arg: Expr) -> Unary:
        return Unary(*_at(tok), "not", arg)

    def _binary(self, op: str, left: Expr, right: Expr) -> Binary:
        return Binary(*_where(left), op, left, right)

    def or_op(self, left: Expr, right: Expr) -> Binary:
        return self._binary("or", left, right)

    def and_op(self, left: Expr, right: Expr) -> Binary:
        return self._binary("and", left, right)

    def cmp_op(self, left: Expr, tok: Token, right: Expr) -> Binary:
        op = {"==": "=", "!=": "<>"}.get(str(tok), str(tok))
        return Binary(*_at(tok), op, left, right)

    def arith_op(self, left: Expr, tok: Token, right: Expr) -> Binary:
        return Binary(*_at(tok), str(tok), left, right)

    def when_clause(self, cond: Expr, value: Expr) -> Tuple[Expr, Expr]:
        return (cond, value)

    def case_expr(self, tok: Token, *parts: Any) -> Case:
        whens = tuple(p for p in parts if isinstance(p, tuple))
        default = parts[-1] if parts and not isinstance(parts[-1], tuple) else None
        return Case(*_at(tok), whens, default)

    def select_item(self, expr: Expr, alias: Optional[Token]) -> SelectItem:
        return SelectItem(*_where(expr), expr, None if alias is None else str(alias))

    def select_list(self, *items: SelectItem) -> Tuple[SelectItem, ...]:
        return items

    def binding(self, name: Token, value: Token) -> Binding:
        return Binding(*_at(name), str(name), str(value)[1:-1], *_at(value))

    def bindings(self, *items: Binding) -> Tuple[Binding, ...]:
        return items

    def start(self, select: Tuple[SelectItem, ...], bindings: Tuple[Binding, ...],
              where: Optional[Expr]) -> Query:
        return Query(1, 1, select, bindings, where)


@lru_cache(maxsize=1)
def _parser() -> "Lark":
    return Lark(_GRAMMAR, parser="lalr", propagate_positions=False, maybe_placeholders=True)


_NAMES = {"_SELECT": "'select'", "_FROM": "'from'", "_WHERE": "'where'", "_AS": "'as'",
          "_OR": "'or'", "_AND": "'and'", "NOT": "'not'", "CASE": "'case'", "_WHEN": "'when'",
          "_THEN": "'then'", "_ELSE": "'else'", "_END": "'end'", "NAME": "a name",
          "NUMBER": "a number", "STRING": "a quoted string", "CMP": "a comparison",
          "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "EQUAL": "'='", "ADD": "'+' or '-'",
          "MUL": "'*' or '/'", "MINUS": "'-'"}


def _expected(exc: UnexpectedInput) -> str:
    names = sorted({_NAMES.get(t, t) for t in (getattr(exc, "expected", None) or ())})
    if not names:
        return ""
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    return f"; expected {shown}"


def _syntax_error(text: str, exc: UnexpectedInput) -> QueryError:
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken)
                                          and exc.token.type == "$END"):
        lines = text.split("\n")
        return QueryError(f"syntax error: the query ends too early{_expected(exc)}",
                          len(lines), len(lines[-1]) + 1)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        char = text[pos] if pos < len(text) else ""
        return QueryError(f"syntax error: unexpected character {char!r}", exc.line, exc.column)
    if isinstance(exc, UnexpectedToken):
        return QueryError(f"syntax error: unexpected {str(exc.token)!r}{_expected(exc)}",
                          exc.line, exc.column)
    return QueryError("syntax error", getattr(exc, "line", 0), getattr(exc, "column", 0))


def parse(text: str) -> Query:
    """Parses query text into a :class:`Query` (syntax only: names and types are checked later).

    Parameters
    ----------
    text : str
        The query, at most :data:`MAX_QUERY` characters.

    Returns
    -------
    Query
        The tree, every node with its line and column.

    Raises
    ------
    QueryError
        A syntax error, with the line and column of the first token that does not fit; a text
        above :data:`MAX_QUERY` characters or nested deeper than :data:`MAX_DEPTH`.

    Examples
    --------
    >>> from omaha_eval.query.syntax import parse
    >>> parse("select count(winsHi(hero)) from game='omahahi', hero='AA**', villain='*'").where
    >>> parse("select count(winsHi(hero) from game='omahahi'")
    Traceback (most recent call last):
    ...
    omaha_eval.errors.QueryError: syntax error: unexpected 'from'; expected ')', ',' at line 1, column 27
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a query is text, got {type(text).__name__}")
    if len(text) > MAX_QUERY:
        raise QueryError(f"the query has {len(text):,} characters, above the limit of "
                         f"{MAX_QUERY:,}")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    try:
        query: Query = _Build().transform(tree)
    except RecursionError:
        raise QueryError(f"the query nests deeper than {MAX_DEPTH} levels") from None
    _check_depth(query)
    return query


def _children(node: Any) -> List[Any]:
    if isinstance(node, Call):
        return list(node.args)
    if isinstance(node, Unary):
        return [node.arg]
    if isinstance(node, Binary):
        return [node.left, node.right]
    if isinstance(node, Case):
        return [x for pair in node.whens for x in pair] + \
            ([node.default] if node.default is not None else [])
    return []


def _check_depth(query: Query) -> None:
    """Refuses expressions nested deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    roots = [item.expr for item in query.select] + ([query.where] if query.where else [])
    stack = [(root, 1) for root in roots]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise QueryError(f"the query nests deeper than {MAX_DEPTH} levels", node.line,
                             node.column)
        stack.extend((child, depth + 1) for child in _children(node))

