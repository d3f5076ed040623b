"""Helpers shared by the rules-layer tests."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any, Callable, Dict, Optional

import pytest

from omaha_eval.game import Hand, IllegalActionError

REPO = Path(__file__).resolve().parents[2]
WSOP_DIR = REPO.parent / "shared" / "data" / "phh" / "wsop-2023-event43-day5"


def env_count(name: str, default: int, ci_default: Optional[int] = None) -> int:
    """A test size that can be raised from the environment (e.g. for a long local run); CI
    (which sets CI=true) runs ``ci_default`` when given, the full size the issue asks for."""
    if name in os.environ:
        return int(os.environ[name])
    return ci_default if ci_default is not None and os.environ.get("CI") else default


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


def assert_same_hand(original: Hand, imported: Hand) -> None:
    """``imported`` (read back from PHH, button last) is ``original`` up to the seat rotation."""
    n = original.n_players
    assert imported.n_players == n and imported.button == n - 1
    to_new = [(i - original.button - 1) % n for i in range(n)]
    a, b = imported.config, original.config  # ante and straddle defaults live in the posts
    assert (a.structure, a.game, a.ante_trimming, a.show_all) == (b.structure, b.game, b.ante_trimming, b.show_all)
    assert list(imported.starting_stacks) == [original.starting_stacks[(j + original.button + 1) % n]
                                              for j in range(n)]
    assert sorted((to_new[p.player], p.kind, p.amount) for p in original.posts) == \
        sorted((p.player, p.kind, p.amount) for p in imported.posts)
    first = original.first_to_act
    assert imported.first_to_act == (None if first is None else to_new[first])

    def events(hand: Hand, mapping):
        out = []
        for e in hand.history:
            if e.kind == "burn":
                continue
            d = e.to_dict()
            if "player" in d:
                d["player"] = mapping[d["player"]]
            out.append(d)
        return out

    assert events(imported, list(range(n))) == events(original, to_new)
    assert imported.phase == original.phase
    assert list(imported.stacks) == [original.stacks[(j + original.button + 1) % n] for j in range(n)]


def light_snapshot(hand: Hand) -> tuple:
    """A cheap fingerprint of every mutable field (history by length and last event)."""
    out = []
    for name in Hand.__slots__:
        value = getattr(hand, name)
        if name == "_history":
            out.append((len(value), id(value[-1]) if value else None))
        elif name == "_hole":
            out.append(tuple(map(tuple, value)))
        elif isinstance(value, (list, set)):
            out.append(tuple(sorted(value)) if isinstance(value, set) else tuple(value))
        elif name == "_result":
            out.append(id(value))
        else:
            out.append(value)
    return tuple(out)
