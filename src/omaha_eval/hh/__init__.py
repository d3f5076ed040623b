"""Site hand histories: PokerStars, GGPoker, Winamax, Full Tilt, 888poker and PartyPoker Omaha
text exports and iPoker XML sessions read, replayed
through the rules layer (the engine decides the pots and who wins them) and compared with what
the site says each player collected; exported as PHH. :data:`SAMPLE_HAND` is a short hand
of two players (a raise, a fold) that the examples read:

>>> from omaha_eval.hh import SAMPLE_HAND, read_text, replay_hand
>>> [hand] = read_text(SAMPLE_HAND)
>>> outcome = replay_hand(hand)
>>> outcome.collected, outcome.agrees
({'A': 200, 'B': 0}, True)
"""

from __future__ import annotations

import os
from typing import List, Union

from .._files import read_limited
from .errors import HHError
from .model import SAMPLE_HAND, SiteHand
from .sites import parse as parse_hand
from .sites.ipoker import is_ipoker, read_games
from .replay import Outcome, replay_hand
from .text import decode, split_hands

__all__ = ["HHError", "MAX_HH_BYTES", "Outcome", "SAMPLE_HAND", "SiteHand", "read_file",
           "read_text", "replay_hand"]

MAX_HH_BYTES = 256 << 20  # one export file; a player's archive comes as many of them


def read_text(text: str, file: str = "<text>") -> List[Union[SiteHand, HHError]]:
    """Every hand of a text export.

    Text outside hands is skipped; a hand whose header or seats cannot be read gives its
    :class:`HHError` in the list, and the other hands are still read.

    Parameters
    ----------
    text : str
        One or more hands of a PokerStars, GGPoker, Winamax, Full Tilt, 888poker or
        PartyPoker text export, or an iPoker XML session.
    file : str, default "<text>"
        The name used in messages.

    Returns
    -------
    list of SiteHand or HHError
        One item per hand, in order.

    Raises
    ------
    HHError
        When the text holds no hand of a known site (with the first non-blank line).

    Examples
    --------
    >>> from omaha_eval.hh import SAMPLE_HAND, read_text
    >>> [hand] = read_text(SAMPLE_HAND)
    >>> hand.site, hand.hand_id, hand.names(), hand.collected
    ('ggpoker', 'OM1', ['A', 'B'], {'A': 200})
    >>> read_text("hello")
    Traceback (most recent call last):
        ...
    omaha_eval.errors.HHError: <text> line 1: no hand of a known site found ...
    """
    hands = split_hands(text)
    if not hands and is_ipoker(text):  # XML: no line begins like a text hand's header
        return read_games(text, file)
    if not hands:
        lines = text.splitlines()
        first = next(((k, line) for k, line in enumerate(lines, 1) if line.strip()), (1, ""))
        raise HHError(f"no hand of a known site found (PokerStars, GGPoker, Winamax, Full Tilt, "
                      f"888poker, PartyPoker, iPoker; the text starts {first[1][:60]!r})",
                      file=file, line=first[0])
    out: List[Union[SiteHand, HHError]] = []
    for site, start, lines in hands:
        try:
            out.append(parse_hand(site, lines, file, start))
        except HHError as exc:
            out.append(exc)
    return out


def read_file(path: Union[str, os.PathLike[str]],
              max_bytes: int = MAX_HH_BYTES) -> List[Union[SiteHand, HHError]]:
    """Every hand of a file, in any of the sites' encodings (see :func:`decode`).

    Only a regular file is read, and at most ``max_bytes`` of it: a FIFO, a device or a larger
    file is refused before anything is parsed.

    Parameters
    ----------
    path : str or os.PathLike
        The export file (the name says so: this function reads a file, :func:`read_text` text).
    max_bytes : int
        The largest file accepted, :data:`MAX_HH_BYTES` (256 MiB) by default.

    Returns
    -------
    list of SiteHand or HHError
        As :func:`read_text`.

    Raises
    ------
    HHError
        The file cannot be read, is not a regular file, is larger than ``max_bytes`` or holds
        no hand of a known site.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha_eval.hh import SAMPLE_HAND
    >>> path = os.path.join(tempfile.mkdtemp(), "hands.txt")
    >>> with open(path, "w", encoding="utf-8") as f: _ = f.write(SAMPLE_HAND)
    >>> [h.hand_id for h in read_file(path)]
    ['OM1']
    """
    name = os.fspath(path)
    data = read_limited(name, max_bytes, HHError)
    return read_text(decode(data, name), name)
