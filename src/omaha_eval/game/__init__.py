"""Rules layer: one hand of Omaha Hi or Hi-Lo (8 or better) as a state machine, with pots,
showdown, history and PHH hand-history import/export; and a Table that plays hand after hand
with the rules around the hand (button, missed blinds, new players, kill pots, chops). Pure Python."""

from .config import (ANTE, BIG_BLIND, DEAD, KILL, LIVE, POST_KINDS, SMALL_BLIND, STRADDLE,
                     GameConfig, Post, variant_options)
from .errors import HandSetupError, IllegalActionError, PHHError
from .events import Event
from .hand import Hand, LegalActions
from .results import Award, HandResult, PotResult
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit
from .seating import HandPlan
from .table import HandRecord, Table, TableError, TableRules

__all__ = [
    "ANTE", "BIG_BLIND", "DEAD", "KILL", "LIVE", "POST_KINDS", "SMALL_BLIND", "STRADDLE",
    "Award", "Event", "FixedLimit", "GameConfig", "Hand", "HandResult", "HandSetupError",
    "IllegalActionError", "LegalActions", "NoLimit", "PHHError", "Post", "PotLimit", "PotResult",
    "SpreadLimit", "HandPlan", "HandRecord", "Table", "TableError", "TableRules",
    "variant_options",
]
