"""One reader per site: the PokerStars family (PokerStars, GGPoker, Winamax) in
:mod:`omaha_eval.hh.reader`, and :mod:`.fulltilt`, :mod:`.pacific` (888poker), :mod:`.partypoker`
and :mod:`.ipoker` here, all into the same :class:`~omaha_eval.hh.model.SiteHand`.
"""

from __future__ import annotations

from typing import Callable, Dict, List

from ..model import SiteHand
from ..reader import parse_hand
from . import fulltilt, pacific, partypoker

#: the readers of hand lines, by site (iPoker reads XML: :func:`.ipoker.read_games`)
READERS: Dict[str, Callable[[List[str], str, int], SiteHand]] = {
    "fulltilt": fulltilt.parse, "888poker": pacific.parse, "partypoker": partypoker.parse}


def parse(site: str, lines: List[str], file: str, start: int) -> SiteHand:
    """One hand's lines (``start``: the file line of the first) into a :class:`SiteHand`,
    by the reader of ``site``.

    Raises
    ------
    HHError
        When the header or a seat line cannot be read.
    """
    reader = READERS.get(site)
    if reader is None:
        return parse_hand(site, lines, file, start)
    return reader(lines, file, start)
