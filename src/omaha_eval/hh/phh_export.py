"""A replayed site hand as PHH, with the site's facts in the standard's optional fields:
``venue`` (the site), ``table``, ``hand`` (the site's hand id), ``currency``, ``players`` (the
names), ``seats`` (the seat numbers) and ``seat_count``, ``time``/``day``/``month``/``year``
where the header has them; our own ``_site``, ``_unit`` (the smallest unit, a decimal string)
and ``_tournament``.
"""

from __future__ import annotations

import os
import re
from typing import Any, Dict

from ..game.phh import hand_to_phh, in_phh_order
from .errors import HHError
from .replay import Outcome

_SITES = {"pokerstars": "PokerStars", "ggpoker": "GGPoker", "winamax": "Winamax",
          "fulltilt": "Full Tilt Poker", "888poker": "888poker", "partypoker": "PartyPoker",
          "ipoker": "iPoker"}


def outcome_to_phh(outcome: Outcome) -> str:
    """PHH TOML text of a replayed hand (players renumbered from the seat left of the button)."""
    engine = outcome.engine
    if engine is None:
        raise HHError(f"hand {outcome.hand.hand_id} was not replayed by the engine; nothing to export",
                      file=outcome.hand.file, line=outcome.hand.line)
    hand = outcome.hand
    names = in_phh_order(outcome.players, engine.button)
    seat_of = {s.name: s.seat for s in hand.seats}
    seats = [seat_of[name] for name in names]
    extra: Dict[str, Any] = {"venue": _SITES[hand.site], "hand": hand.hand_id, "players": names,
                             "seats": seats, "_site": hand.site, "_unit": hand.unit}
    if hand.table:
        extra["table"] = hand.table
    if hand.max_seats:
        extra["seat_count"] = hand.max_seats
    if hand.currency:
        extra["currency"] = hand.currency
    if hand.tournament:
        extra["_tournament"] = True
    m = re.match(r"(\d{4})/(\d\d)/(\d\d)\s+(\d{1,2}:\d\d(?::\d\d)?)", hand.date)
    if m:
        extra.update(year=int(m.group(1)), month=int(m.group(2)), day=int(m.group(3)),
                     time=m.group(4) if len(m.group(4)) > 5 else m.group(4) + ":00")
    return hand_to_phh(engine, extra=extra)


def phh_name(outcome: Outcome) -> str:
    safe = re.sub(r"[^\w.-]", "_", outcome.hand.hand_id) or f"line{outcome.hand.line}"
    return f"{outcome.hand.site}-{safe}.phh"


def write_phh(outcome: Outcome, directory: str) -> str:
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, phh_name(outcome))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(outcome_to_phh(outcome))
    return path
