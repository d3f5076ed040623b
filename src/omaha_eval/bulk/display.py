"""Short text views of bulk results: a one-line repr and a table of the top rows."""

from __future__ import annotations

from typing import Sequence

import numpy as np

__all__ = ["rows_text"]


def rows_text(hands: Sequence[str], equity: np.ndarray, std_error: np.ndarray,
              scoop: np.ndarray, rows: Sequence[int], footer: str) -> str:
    """A fixed-width table of the given rows (hand, equity, +/-, scoop) and a footer line.

    Parameters
    ----------
    hands : sequence of str
        Every row's hand text.
    equity, std_error, scoop : numpy.ndarray
        Every row's values (fractions).
    rows : sequence of int
        Which rows to show, in order.
    footer : str
        The last line (what the table is, how many rows it has).

    Returns
    -------
    str
        The table, one line per shown row.

    Examples
    --------
    >>> import numpy as np
    >>> print(rows_text(["AsAhKsKh", "7c6c5d4d"], np.array([0.6, 0.5]), np.array([0.001, 0.002]),
    ...                 np.array([0.3, 0.2]), [0, 1], "2 hands"))
    hand       equity      +/-    scoop
    -----------------------------------
    AsAhKsKh   60.00%    0.10%   30.00%
    7c6c5d4d   50.00%    0.20%   20.00%
    2 hands
    """
    width = max([4] + [len(hands[r]) for r in rows])
    head = f"{'hand':<{width}}  " + "  ".join(f"{c:>7}" for c in ("equity", "+/-", "scoop"))
    lines = [head, "-" * len(head)]
    for r in rows:
        values = (equity[r], std_error[r], scoop[r])
        lines.append(f"{hands[r]:<{width}}  " + "  ".join(f"{100 * float(v):>6.2f}%" for v in values))
    lines.append(footer)
    return "\n".join(lines)
