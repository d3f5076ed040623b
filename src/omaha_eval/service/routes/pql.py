"""``POST /v1/pql``: run a Poker Query Language query (:func:`omaha_eval.pql`).

Bounded like ``/v1/equity``: the query text is at most :data:`MAX_QUERY_CHARS` characters,
``trials`` at most the server's ``max_trials``, and the work stops at the server's time limit
(503); exact enumeration is bounded by the library's exact budget.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ...errors import OmahaEvalError
from ..answers import ERRORS
from ..errors import ApiError
from ..work import Deadline
from .common import JSON, deadline, limits, pools

__all__ = ["router", "PQLRequest", "MAX_QUERY_CHARS"]

router = APIRouter(tags=["queries"])

MAX_QUERY_CHARS = 4000
"""The longest query the endpoint accepts (the library itself takes up to 10,000)."""


class PQLRequest(BaseModel):
    """A query and, optionally, the trials and seed of the sampled deals."""

    model_config = ConfigDict(extra="forbid")
    query: StrictStr = Field(max_length=MAX_QUERY_CHARS, examples=[
        "select avg(riverEquity(hero)) as eq from game='omahahi', hero='AA**', villain='*'"])
    trials: Optional[StrictInt] = Field(None, description="sample this many deals (that pass "
                                        "the where); omit for exact when it fits the budget")
    seed: Optional[StrictInt] = Field(None, description="seed of the sampled deals; omitted: a "
                                      "fresh one, reported in the answer")


def _run(body: PQLRequest, stop: Deadline) -> Dict[str, Any]:
    from ...query import pql

    try:
        result = pql(body.query, trials=body.trials, seed=body.seed, progress=stop.progress)
    except OmahaEvalError as exc:
        where = ["body", "trials"] if str(exc).startswith("trials") else \
            ["body", "seed"] if str(exc).startswith("seed") else ["body", "query"]
        raise ApiError.from_library(exc, where) from None
    return result.to_dict()


@router.post("/v1/pql", summary="Answer a PQL query, exact or sampled", responses=ERRORS)
async def run_query(body: PQLRequest, request: Request) -> JSON:
    """The library's ``oe.pql(query, trials, seed).to_dict()``: ``trials``, ``exact``, ``seed``
    and ``columns`` (``kind``, ``value``, ``count``, ``std_error``, ``bins`` per column). A bad
    query is a 422 whose message names the problem and its line and column; the same query,
    seed and trials give the same numbers as the library and the command line."""
    cap = limits(request).max_trials
    if body.trials is not None and not 1 <= body.trials <= cap:
        raise ApiError(422, ["body", "trials"], f"trials must be in 1..{cap:,} per request, got "
                       f"{body.trials:,}", "trials_cap")
    stop = deadline(request)
    return JSON(await pools(request).run(_run, body, stop, deadline=stop, heavy=True))
