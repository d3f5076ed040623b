"""``breakdown``: a range on a board by made-hand and draw group, with each group's equity.

Examples
--------
>>> import omaha_eval as oe
>>> b = oe.breakdown("AA**,KK**", "Ks9d3c")
>>> b["top set"].combos, round(b["top set"].share, 4)
(3151, 0.3405)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Dict, Iterator, List, Optional

import numpy as np

from ..cards import format_cards
from ..variants import game_of
from .distribution import as_range, equity_distribution
from .fields import classify, parse_board
from .names import DRAW_NAMES, MADE_NAMES


@dataclass(frozen=True)
class BreakdownRow:
    """One group of a :class:`Breakdown`.

    Attributes
    ----------
    kind : str
        ``"made"`` or ``"draw"``.
    name : str
        The group's name (docs/board.rst).
    combos : int
        Combos of the range in the group (after removing those that use a board card).
    weight : float
        Their summed weight.
    share : float
        Their share of the range's weight.
    equity : float
        The group's exact equity against the other range (NaN without one).
    """

    kind: str
    name: str
    combos: int
    weight: float
    share: float
    equity: float


class Breakdown:
    """The groups of a range on a board (:func:`breakdown`): iterable over rows, indexable by
    group name, ``to_pandas()`` where pandas is installed, ``to_dicts()`` for JSON.

    Parameters
    ----------
    rows : list of BreakdownRow
        The groups.
    board : numpy.ndarray of uint8
        The board.
    game : str
        ``"hi"`` or ``"hilo"``.
    combos : int
        Combos of the range on the board.
    equity : float
        The whole range's equity against the other range (NaN without one).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> oe.breakdown("AA**", "Ks9d3c")
    Breakdown(10 groups, 6121 combos on Ks9d3c, game='hi')
    """

    def __init__(self, rows: List[BreakdownRow], board: np.ndarray, game: str, combos: int,
                 equity: float) -> None:
        self.rows = rows
        self.board = board
        self.game = game
        self.combos = combos
        self.equity = equity

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[BreakdownRow]:
        return iter(self.rows)

    def __getitem__(self, name: str) -> BreakdownRow:
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(name)

    def __repr__(self) -> str:
        return (f"Breakdown({len(self.rows)} groups, {self.combos} combos on "
                f"{format_cards(self.board)}, game={self.game!r})")

    def to_dicts(self) -> List[Dict[str, Any]]:
        """The rows as JSON-ready dicts (NaN equity as None).

        Returns
        -------
        list of dict
            One dict per row, keys as :class:`BreakdownRow`'s fields.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> oe.breakdown("AA**", "Ks9d3c").to_dicts()[0]["name"]
        'top set'
        """
        out = []
        for row in self.rows:
            d = asdict(row)
            d["equity"] = None if np.isnan(row.equity) else row.equity
            out.append(d)
        return out

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs pandas).

        Returns
        -------
        pandas.DataFrame
            One row per group, columns as :class:`BreakdownRow`'s fields.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> df = oe.breakdown("AA**", "Ks9d3c").to_pandas()  # doctest: +SKIP
        """
        import pandas as pd

        return pd.DataFrame([asdict(r) for r in self.rows])

    def table(self) -> str:
        """A plain-text table of the rows.

        Returns
        -------
        str
            A header line and one line per group.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> print(oe.breakdown("AA**", "Ks9d3c").table().splitlines()[0])
        kind  group                     combos     share  equity
        """
        lines = [f"{'kind':5s} {'group':24s} {'combos':>7s} {'share':>9s}  equity"]
        for r in self.rows:
            eq = "" if np.isnan(r.equity) else f"{r.equity:7.2%}"
            lines.append(f"{r.kind:5s} {r.name:24s} {r.combos:7d} {r.share:9.2%}  {eq}")
        return "\n".join(lines)


def breakdown(range_: Any, board: Any, against: Any = None, game: str = "hi", *,
              workers: int = 1) -> Breakdown:
    """A range on a board: one row per made-hand group and per draw group.

    Parameters
    ----------
    range_ : str, Range or hands
        The range (text, a :class:`~omaha_eval.Range`, one hand or a list of hands).
    board : str or sequence
        3, 4 or 5 cards.
    against : str, Range or hands, optional
        Another range: each group then gets its exact equity against it.
    game : str, default "hi"
        ``"hi"``, ``"hilo"`` or a variant name.
    workers : int, default 1
        Threads for the equities.

    Returns
    -------
    Breakdown
        Made groups first (strongest first), then draw groups (in :data:`DRAW_NAMES` order);
        empty groups are left out.  A combo is in one made group and in each of its draws.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> b = oe.breakdown("AA**ds", "Ts9d3c", against="KK**")
    >>> [r.name for r in b][:2]
    ['top set', 'middle set']
    """
    g = game_of(game)
    ids = parse_board(board)
    r = as_range(range_, g, ids).remove(ids)
    if len(r) == 0:
        from ..errors import RangeError

        raise RangeError("the range has no combo left on the board")
    c = classify(r.hands, ids, g, workers=workers)
    w = np.asarray(r.weights, dtype=np.float64)
    eq_w, eq = np.zeros(len(r)), np.zeros(len(r))
    total_eq = float("nan")
    if against is not None:
        d = equity_distribution(r, against, ids, g, workers=workers)
        ok = ~np.isnan(d.equity)
        eq_w = np.where(ok, w * d.meets, 0.0)
        eq = np.where(ok, d.equity, 0.0)
        total_eq = d.mean
    total = float(w.sum())
    groups = [("made", MADE_NAMES[m], c.made_code == m) for m in range(len(MADE_NAMES) - 1, -1, -1)]
    groups += [("draw", name, c.has_draw(name)) for name in DRAW_NAMES]
    rows = []
    for kind, name, sel in groups:
        n = int(sel.sum())
        if not n:
            continue
        gw = float(eq_w[sel].sum())
        equity = float((eq[sel] * eq_w[sel]).sum() / gw) if against is not None and gw > 0 else float("nan")
        rows.append(BreakdownRow(kind, name, n, float(w[sel].sum()), float(w[sel].sum()) / total,
                                 equity))
    return Breakdown(rows, ids, g, len(r), total_eq)
