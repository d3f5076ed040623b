"""Shared fixtures for the evaluator tests."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    """Every five-card hand from one deck, uint8 (2598960, 5), each row sorted by card id."""
    n = comb(52, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * n,
    )
    hands = flat.reshape(n, 5)
    hands.flags.writeable = False  # shared across tests: nobody may change it
    return hands
