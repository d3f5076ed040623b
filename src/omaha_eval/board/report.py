"""JSON-ready views of board analyses (the CLI's ``--json`` and the service's answers).

Examples
--------
>>> import omaha_eval as oe
>>> classify_rows(oe.classify("JhTs7d4c", "9h8s2d"))[0]["outs"][4]
17
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..cards import format_cards
from ..evaluate import describe_hi, describe_lo
from .breakdown import Breakdown
from .fields import BoardClass

_INT_FIELDS = ("hi", "category", "nut_rank", "nut_outs", "straight_outs", "flush_draw",
               "backdoor_flush", "lo", "nut_lo_rank", "lo_outs", "nut_lo_outs")


def classify_rows(c: BoardClass) -> List[Dict[str, Any]]:
    """One dict per hand: the hand's text, every field, the description of its hi (and low).

    Parameters
    ----------
    c : BoardClass
        A result of :func:`omaha_eval.classify`.

    Returns
    -------
    list of dict
        Keys ``hand``, the integer fields, ``outs`` (9 ints), ``made``, ``draws`` (list of
        str), ``hi_text`` and ``lo_text``.

    Examples
    --------
    >>> import omaha_eval as oe
    >>> sorted(classify_rows(oe.classify("AhAsKd7c", "Ac7d2s"))[0])[:4]
    ['backdoor_flush', 'category', 'draws', 'flush_draw']
    """
    columns = {name: getattr(c, name).tolist() for name in _INT_FIELDS}
    outs = c.outs.tolist()
    made = c.made.tolist()
    draws = c.draws.tolist()
    rows = []
    for i in range(len(c)):
        row: Dict[str, Any] = {"hand": format_cards(c.holes[i])}
        row.update({name: columns[name][i] for name in _INT_FIELDS})
        row["outs"] = outs[i]
        row["made"] = made[i]
        row["draws"] = draws[i].split(" + ") if draws[i] else []
        row["hi_text"] = describe_hi(int(columns["hi"][i]))
        row["lo_text"] = describe_lo(int(columns["lo"][i])) if columns["lo"][i] else "no low"
        rows.append(row)
    return rows


def breakdown_dict(b: Breakdown, against: Optional[str] = None) -> Dict[str, Any]:
    """The breakdown as a dict: board, game, combos, equity (None without ``against``), rows.

    Parameters
    ----------
    b : Breakdown
        A result of :func:`omaha_eval.breakdown`.
    against : str, optional
        The text of the other range, echoed back.

    Returns
    -------
    dict
        ``board``, ``game``, ``combos``, ``against``, ``equity`` and ``groups`` (the rows).

    Examples
    --------
    >>> import omaha_eval as oe
    >>> breakdown_dict(oe.breakdown("AA**", "Ks9d3c"))["groups"][0]["name"]
    'top set'
    """
    eq = b.equity
    return {"board": format_cards(b.board), "game": b.game, "combos": b.combos,
            "against": against, "equity": None if eq != eq else eq, "groups": b.to_dicts()}
