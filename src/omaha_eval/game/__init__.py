"""Rules layer: one hand of Omaha Hi or Hi-Lo (8 or better) as a state machine, with pots,
showdown, history and PHH hand-history import/export. Pure Python."""

from .config import (ANTE, BIG_BLIND, DEAD, KILL, LIVE, POST_KINDS, SMALL_BLIND, STRADDLE,
                     GameConfig, Post)
from .errors import HandSetupError, IllegalActionError, PHHError
from .events import Event
from .hand import Hand, LegalActions
from .results import Award, HandResult, PotResult
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit

__all__ = [
    "ANTE", "BIG_BLIND", "DEAD", "KILL", "LIVE", "POST_KINDS", "SMALL_BLIND", "STRADDLE",
    "Award", "Event", "FixedLimit", "GameConfig", "Hand", "HandResult", "HandSetupError",
    "IllegalActionError", "LegalActions", "NoLimit", "PHHError", "Post", "PotLimit", "PotResult",
    "SpreadLimit",
]
