"""The answer to a query: its columns, how many deals, exact or sampled, and how to print it.

Examples
--------
>>> from omaha_eval.query.result import ColumnResult, PQLResult
>>> r = PQLResult(trials=40, exact=True, seed=None, columns=(
...     ColumnResult("wins", "count", 0.75, 30, None, {}),))
>>> r.to_dict()["columns"]["wins"]
{'kind': 'count', 'value': 0.75, 'count': 30, 'std_error': None, 'bins': {}}
>>> print(r)
wins  count  75.00%  (30 of 40, exact)
40 trials (exact)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Tuple

__all__ = ["ColumnResult", "PQLResult"]


@dataclass(frozen=True)
class ColumnResult:
    """One column of a :class:`PQLResult`.

    Attributes
    ----------
    name, kind : str
        The column's name and aggregate (``count``, ``avg`` or ``histogram``).
    value : float
        ``count``: the fraction of the trials where the condition held; ``avg``: the mean;
        ``histogram``: the fraction of trials binned (1.0, or 0.0 without trials).
    count : int
        ``count``: the trials where the condition held; otherwise the trials aggregated.
    std_error : float or None
        The standard error of ``value`` (of the widest bin for a histogram); None when exact.
    bins : dict of str to float
        ``histogram``: the fraction of the trials with each label, in order; else empty.
    """

    name: str
    kind: str
    value: float
    count: int
    std_error: Optional[float]
    bins: Dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> Dict[str, Any]:
        """The column as JSON-ready data (the contract's shape).

        Returns
        -------
        dict
            ``{"kind", "value", "count", "std_error", "bins"}``.

        Examples
        --------
        >>> ColumnResult("w", "count", 0.5, 2, None, {}).to_dict()["count"]
        2
        """
        return {"kind": self.kind, "value": self.value, "count": self.count,
                "std_error": self.std_error, "bins": dict(self.bins)}


@dataclass(frozen=True)
class PQLResult:
    """The result of :func:`omaha_eval.pql`.

    Attributes
    ----------
    trials : int
        The deals the fractions are over: every enumerated or sampled deal that passed the
        ``where`` clause (all of them without one).
    exact : bool
        True when every deal was enumerated (then every ``std_error`` is None).
    seed : int or None
        The seed of the sampled deals (None when exact); the same seed, query and trials give
        the same numbers.
    columns : tuple of ColumnResult
        The select list's columns, in order.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> r = oe.pql("select count(winsHi(hero)) as w, histogram(handType(hero, river)) as ht "
    ...            "from game='omahahi', hero='AsAhKsKh', villain='2c3d4h5s', board='QsJs9d8c'")
    >>> r["w"].value, r["ht"].bins["flush"]
    (1.0, 0.175)
    """

    trials: int
    exact: bool
    seed: Optional[int]
    columns: Tuple[ColumnResult, ...]

    def __getitem__(self, name: str) -> ColumnResult:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def to_dict(self) -> Dict[str, Any]:
        """The result as JSON-ready data: the contract of :func:`omaha_eval.pql`.

        Returns
        -------
        dict
            ``{"trials": int, "exact": bool, "seed": int or None, "columns": {NAME: {"kind",
            "value", "count", "std_error", "bins"}}}``.

        Examples
        --------
        >>> import omaha_eval as oe
        >>> r = oe.pql("select count(winsHi(hero)) as w from game='omahahi', "
        ...            "hero='AsAhKsKh', villain='2c3d4h5s', board='QsJs9d8c'")
        >>> r.to_dict()
        {'trials': 40, 'exact': True, 'seed': None, 'columns': {'w': {'kind': 'count', 'value': 1.0, 'count': 40, 'std_error': None, 'bins': {}}}}
        """
        return {"trials": self.trials, "exact": self.exact, "seed": self.seed,
                "columns": {c.name: c.to_dict() for c in self.columns}}

    def _line(self, c: ColumnResult, width: int) -> str:
        se = "exact" if c.std_error is None else f"+/- {100 * c.std_error:.2f}%"
        if c.kind == "count":
            return (f"{c.name:<{width}}  count  {100 * c.value:.2f}%  "
                    f"({c.count:,} of {self.trials:,}, {se})")
        if c.kind == "avg":
            se = "exact" if c.std_error is None else f"+/- {c.std_error:.6f}"
            return f"{c.name:<{width}}  avg    {c.value:.6f}  ({se})"
        rows = [f"{c.name:<{width}}  histogram  ({self.trials:,} trials, {se})"]
        label_width = max((len(k) for k in c.bins), default=0)
        for label, fraction in c.bins.items():
            bar = "#" * int(round(40 * fraction))
            rows.append(f"  {label:<{label_width}}  {100 * fraction:6.2f}%  {bar}".rstrip())
        return "\n".join(rows)

    def __str__(self) -> str:
        width = max((len(c.name) for c in self.columns), default=0)
        how = "exact" if self.exact else f"sampled, seed {self.seed}"
        lines = [self._line(c, width) for c in self.columns]
        return "\n".join(lines + [f"{self.trials:,} trials ({how})"])
