"""Site amounts (``$1,234.56``, ``1.50€``, ``1,250``) as integer counts of the smallest unit."""

from __future__ import annotations

import re
from functools import lru_cache
from decimal import Decimal, InvalidOperation

from .errors import HHError

_STRIP = re.compile(r"[^0-9.\-]")
_PLAIN = re.compile(r"^[$€£]?(\d+)(?:\.(\d{1,2}))?[€$£]?$")


@lru_cache(maxsize=8192)  # amounts repeat (blinds, calls): most lookups are hits
def to_units(text: str, scale: int) -> int:
    """``text`` as an int count of units, ``scale`` units per currency unit (100 for cents, 1
    for tournament chips).

    Raises
    ------
    HHError
        For text that is no amount or is finer than the unit.

    Examples
    --------
    >>> to_units("$1,234.56", 100), to_units("1.5€", 100), to_units("1,250", 1)
    (123456, 150, 1250)
    """
    m = _PLAIN.match(text.replace(",", ""))
    if m and scale in (1, 100) and (m.group(2) is None or scale == 100):
        whole, frac = m.group(1), m.group(2) or ""
        return int(whole) * scale + (int(frac.ljust(2, "0")) if frac else 0)
    cleaned = _STRIP.sub("", text.replace(",", ""))
    try:
        value = Decimal(cleaned) * scale
    except InvalidOperation:
        raise HHError(f"{text!r} is not an amount") from None
    if value != value.to_integral_value():
        raise HHError(f"amount {text!r} is finer than the unit 1/{scale}")
    return int(value)


def unit_text(scale: int) -> str:
    """The unit as a decimal string: ``"0.01"`` for 100 per currency unit, ``"1"`` for 1."""
    return "1" if scale == 1 else str(Decimal(1) / Decimal(scale))
