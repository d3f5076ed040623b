"""One reader per site: the PokerStars family (PokerStars, GGPoker, Winamax) in
:mod:`omaha_eval.hh.reader`, and :mod:`.fulltilt`, :mod:`.pacific` (888poker), :mod:`.partypoker`
and :mod:`.ipoker` here, all into the same :class:`~omaha_eval.hh.model.SiteHand`.
"""

from __future__ import annotations

from typing import Callable, Dict, List

from ..model import SiteHand
from ..reader import read_hand
from . import fulltilt, pacific, partypoker

#: the readers of a hand's lines into a new hand of their site, by site (the PokerStars
#: family's is :func:`omaha_eval.hh.reader.read_hand`; iPoker reads XML:
#: :func:`.ipoker.read_games`)
READERS: Dict[str, Callable[[SiteHand, List[str], int], None]] = {
    "fulltilt": fulltilt.read, "888poker": pacific.read, "partypoker": partypoker.read}


def parse(site: str, lines: List[str], file: str, start: int) -> SiteHand:
    """One hand's lines (``start``: the file line of the first) into a :class:`SiteHand`,
    by the reader of ``site``.

    Raises
    ------
    HHError
        When the header or a seat line cannot be read.
    """
    hand = SiteHand(site=site, file=file, line=start)
    READERS.get(site, read_hand)(hand, lines, start)
    return hand
