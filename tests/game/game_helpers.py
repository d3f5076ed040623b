"""Helpers shared by the rules-layer tests."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any, Callable, Dict

import pytest

from omaha_eval.game import Hand, IllegalActionError

REPO = Path(__file__).resolve().parents[2]
WSOP_DIR = REPO.parent / "shared" / "data" / "phh" / "wsop-2023-event43-day5"


def env_count(name: str, default: int) -> int:
    """A test size that can be raised from the environment (e.g. for a long local run)."""
    return int(os.environ.get(name, default))


def snapshot(hand: Hand) -> Dict[str, Any]:
    """Every field of the hand, deep-copied (the result object by identity)."""
    out: Dict[str, Any] = {}
    for name in Hand.__slots__:
        value = getattr(hand, name)
        out[name] = id(value) if name == "_result" else copy.deepcopy(value)
    return out


def assert_refused(hand: Hand, action: Callable[..., Any], *args: Any, match: str = "") -> IllegalActionError:
    """The action raises IllegalActionError (matching ``match``) and changes nothing."""
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=match) as info:
        action(*args)
    assert snapshot(hand) == before
    return info.value
