"""Answer bodies of the JSON API, for the OpenAPI schema (clients generate code from it).

The endpoints build their answers with the library's own ``to_dict()`` and describe functions;
these models only describe them (the tests validate real answers against them, so the schema
cannot drift from what the server sends). Extra fields are allowed: the library may add some.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel, ConfigDict


class _Answer(BaseModel):
    model_config = ConfigDict(extra="allow")


class ErrorEntry(_Answer):
    loc: List[Union[str, int]]
    msg: str
    type: str


class ErrorBody(_Answer):
    """Every error: 400, 408, 409, 413, 415, 422, 503."""

    detail: List[ErrorEntry]


class HiHand(_Answer):
    score: int
    category: str
    description: str
    hole_cards: str
    board_cards: str


class LoHand(_Answer):
    score: int
    description: str
    hole_cards: Optional[str] = None
    board_cards: Optional[str] = None


class Evaluation(_Answer):
    hole: str
    board: str
    hi: HiHand
    lo: Optional[LoHand] = None


class Evaluations(_Answer):
    game: str
    board: Optional[str] = None
    results: List[Evaluation]


class EquityPlayer(_Answer):
    hand: str
    equity: float
    std_error: Optional[float] = None
    hi_win: float
    hi_tie: float
    lo_win: Optional[float] = None
    lo_tie: Optional[float] = None
    scoop: float


class Equity(_Answer):
    game: str
    board: str
    dead: str
    exact: bool
    boards: Optional[int] = None
    holdings: Optional[int] = None
    deals: Optional[int] = None
    trials: Optional[int] = None
    seed: Optional[int] = None
    players: List[EquityPlayer]


class Showdown(_Answer):
    shares: List[float]
    share_units: List[int]
    pot_units: int
    winners: List[int]
    hi_winners: List[int]
    lo_winners: List[int]
    scoop: Optional[int] = None
    game: Optional[str] = None


class Showdowns(_Answer):
    game: str
    results: List[Showdown]


class Legal(_Answer):
    player: Optional[int]
    phase: str
    actions: List[str]
    to_call: Optional[int] = None
    min_to: Optional[int] = None
    max_to: Optional[int] = None
    all_in_to: Optional[int] = None
    raise_reason: Optional[str] = None


class HandState(_Answer):
    seed: int
    game: str
    players: int
    button: int
    actions_applied: int
    phase: str
    street: str
    is_over: bool
    actor: Optional[int]
    stacks: List[int]
    bets: List[int]
    committed: List[int]
    pot: int
    folded: List[bool]
    board: str
    hole_cards: List[str]
    legal_actions: Legal
    history: List[Dict[str, Any]]
    result: Optional[Dict[str, Any]]


class PHHText(_Answer):
    seed: int
    is_over: bool
    text: str


class Replay(_Answer):
    variant: str
    game: str
    players: List[str]
    complete: bool
    starting_stacks: List[int]
    finishing_stacks: Optional[List[int]]
    board: str


ERRORS: Dict[Union[int, str], Dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "malformed JSON"},
    408: {"model": ErrorBody, "description": "the body did not arrive within the body time-out"},
    413: {"model": ErrorBody, "description": "body above the size limit"},
    415: {"model": ErrorBody, "description": "a body not sent as application/json"},
    422: {"model": ErrorBody, "description": "invalid cards, ranges, configs or values"},
    503: {"model": ErrorBody, "description": "past the per-request time limit"},
}
ACTION_ERRORS = {**ERRORS, 409: {"model": ErrorBody, "description": "an illegal action"}}
