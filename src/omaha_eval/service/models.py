"""Request bodies of the JSON API (pydantic models; they make the OpenAPI schema).

The models check only the shape (types, required fields, sizes); cards, ranges, configs and
actions are checked by the library itself, whose messages the answers carry unchanged. Chips,
seeds and trials are strict integers: ``"200"`` or ``200.0`` is refused, never rounded.
"""

from __future__ import annotations

from typing import Annotated, Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

# Cards: text ("AsKd7h2c", "As Kd", "10h") or card ids 0..51 (4 * rank + suit).
CardText = Annotated[StrictStr, Field(max_length=400)]
CardIds = Annotated[List[StrictInt], Field(max_length=52)]
Cards = Union[CardText, CardIds]
# A hand or a range ("AA**ds, KK**:0.5"): range text may be longer than cards.
HandOrRange = Union[Annotated[StrictStr, Field(max_length=4000)], CardIds]
Game = Annotated[StrictStr, Field(max_length=40, description=(
    "the game as the library names it: 'hi', 'hilo', or a variant name the library accepts "
    "(see GET /v1/games)"))]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a misspelt field is an error, not ignored


class Deal(_Model):
    hole: Cards = Field(description="hole cards", examples=["AsKsQhJh"])
    board: Cards = Field(description="five board cards", examples=["Ts9s8h2c2d"])


class EvaluateRequest(_Model):
    """One deal (``hole`` and ``board``), many hands on one board (``holes`` and ``board``), or
    a batch of deals (``deals``)."""

    hole: Optional[Cards] = Field(None, examples=["As2sQhJh"])
    board: Optional[Cards] = Field(None, examples=["3s4s8h2c9d"])
    holes: Optional[List[Cards]] = Field(None, description="several hands on the one board")
    deals: Optional[List[Deal]] = Field(None, description="a batch of deals, each with its board")
    game: Game = "hi"


class EquityRequest(_Model):
    hands: List[HandOrRange] = Field(min_length=1, max_length=32, examples=[["AsKsQhJh", "2c2d7h8s"]],
                                     description="one hand or range per player")
    board: Cards = Field("", description="0 to 5 known board cards")
    dead: Cards = Field("", description="cards out of play")
    game: Game = "hi"
    trials: Optional[StrictInt] = Field(None, description="Monte Carlo with this many trials; "
                                        "omit for exact enumeration (see /v1/limits)")
    seed: Optional[StrictInt] = Field(None, description="seed of the sampled trials; omitted: "
                                      "a fresh one, reported in the answer")
    exact: Optional[StrictBool] = Field(None, description=(
        "true: exact or a 422 (ranges above the exact budget); omitted: exact when the library "
        "can afford it, else sampled and reported as exact=false"))


class ShowdownDeal(_Model):
    hands: List[Cards] = Field(min_length=1, max_length=32, examples=[["AsKsQhJh", "2c2d7h8s"]])
    board: Cards = Field(examples=["Ts9s8h2c2d"])


class ShowdownRequest(_Model):
    """One deal (``hands`` and ``board``) or a batch (``deals``)."""

    hands: Optional[List[Cards]] = Field(None, max_length=32, examples=[["AsKsQhJh", "2c2d7h8s"]])
    board: Optional[Cards] = Field(None, examples=["Ts9s8h2c2d"])
    deals: Optional[List[ShowdownDeal]] = None
    game: Game = "hi"


class HandConfig(_Model):
    """The betting game. ``structure`` picks which amounts apply: fixed limit ``small_bet`` /
    ``big_bet`` (blinds default to half the small bet and the small bet), spread limit
    ``min_bet`` / ``max_bet``, pot and no limit ``small_blind`` / ``big_blind`` (and an optional
    ``min_bet``)."""

    structure: Literal["fixed", "spread", "pot", "no"] = Field(examples=["pot"])
    game: Game = "hi"
    small_blind: Optional[StrictInt] = Field(None, examples=[1])
    big_blind: Optional[StrictInt] = Field(None, examples=[2])
    small_bet: Optional[StrictInt] = None
    big_bet: Optional[StrictInt] = None
    min_bet: Optional[StrictInt] = None
    max_bet: Optional[StrictInt] = None
    late_min_bet: Optional[StrictInt] = None
    late_max_bet: Optional[StrictInt] = None
    max_raises: Optional[StrictInt] = Field(None, description="cap on raises after the bet "
                                            "(fixed and spread default 3; pot and no limit none)")
    ante: StrictInt = 0
    straddle: StrictInt = 0
    ante_trimming: StrictBool = False
    show_all: StrictBool = False


# the names legal_actions lists ("raise" = "raise_to"), and the engine's combined actions
ActionName = Literal["fold", "check", "call", "bet", "raise", "raise_to", "check_or_call",
                     "bet_or_raise_to", "all_in", "show", "muck"]


class Action(_Model):
    action: ActionName = Field(examples=["raise_to"])
    amount: Optional[StrictInt] = Field(None, description="for bet, raise (raise_to), "
                                        "bet_or_raise_to: the player's total bet on the street")
    player: Optional[StrictInt] = Field(None, description="who acts (optional): checked to be "
                                        "the player whose turn it is")
    cards: Optional[Cards] = Field(None, description="for show (optional): the cards shown")


class HandRequest(_Model):
    """A hand of the rules layer, replayed from its start on every request (no server state)."""

    config: HandConfig
    stacks: List[StrictInt] = Field(min_length=1, max_length=32, examples=[[200, 200, 200]])
    button: Optional[StrictInt] = Field(None, description="default: the last player")
    seed: Optional[StrictInt] = Field(None, description="seed of the deck; omitted: a fresh one, "
                                      "reported in the answer (send it back with the next action)")
    hole_cards: Optional[List[Optional[Cards]]] = Field(
        None, max_length=32, description="known hole cards per player (null: dealt from the seed)")
    board: Optional[Cards] = Field(None, description="known board cards")
    showdown: Literal["auto", "manual"] = "auto"
    actions: List[Action] = Field(default_factory=list, description="the actions so far, in order")


class ExportRequest(HandRequest):
    cards_per_action: StrictBool = Field(False, description="deal hole cards one per action")
    extra: Optional[Dict[str, Union[StrictStr, StrictInt, StrictFloat, StrictBool,
                                    List[Union[StrictStr, StrictInt, StrictFloat]]]]] = Field(
        None, description="extra PHH fields (author, event, players, ...)")


class ReplayRequest(_Model):
    text: StrictStr = Field(description="one hand history in the PHH format (TOML)")
    seed: StrictInt = Field(0, description="seed for cards the history does not show")


def drop_none(values: Dict[str, Any]) -> Dict[str, Any]:
    """The items whose value is not None."""
    return {k: v for k, v in values.items() if v is not None}
