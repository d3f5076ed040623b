"""The error site hand-history readers raise."""

from __future__ import annotations


class HHError(ValueError):
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
