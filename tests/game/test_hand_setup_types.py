"""Wrong types given to Hand(...) raise HandSetupError naming the argument; NumPy integers
count as integers (as in the actions); a refused hand leaves nothing behind."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_eval import HandSetupError, OmahaEvalError
from omaha_eval.game import GameConfig, Hand

CONFIG = GameConfig.pot_limit(1, 2)


@pytest.mark.parametrize("kwargs, message", [
    ({"runs": 2.0}, "runs must be 1, 2 or 3, got 2.0"),
    ({"runs": 1.0}, "runs must be 1, 2 or 3, got 1.0"),
    ({"runs": True}, "runs must be 1, 2 or 3, got True"),
    ({"extra_boards": 4.0}, "extra_boards must be a sequence, got 4.0"),
    ({"extra_boards": [4.5]}, r"extra_boards\[0\]: "),
    ({"runs": 2, "extra_boards": [["As", "Zz"]]}, r"extra_boards\[0\]: unknown card 'Zz'"),
    ({"hole_cards": 4.0}, "hole_cards must be a sequence"),
    ({"button": 0.0}, "button must be a player index 0..1, got 0.0"),
    ({"button": np.float64(0)}, "button must be a player index 0..1"),
    ({"first_to_act": 2}, "first_to_act must be a player index 0..1, got 2"),
    ({"rake": 1.0}, "rake must be a non-negative int, got 1.0"),
    ({"stacks": np.array([100.0, 100.0])}, "stack of player 0 must be a positive int"),
    ({"stacks": np.array([[100, 100]])}, "a hand needs 2 to 11 players"),
    ({"stacks": 100}, "stacks must be a sequence, got 100"),
])
def test_wrong_types_are_hand_setup_errors(kwargs: dict, message: str) -> None:
    args = {"stacks": [100, 100], **kwargs}
    with pytest.raises(HandSetupError, match=message) as exc:
        Hand(CONFIG, args.pop("stacks"), seed=1, **args)
    assert isinstance(exc.value, OmahaEvalError)


def test_numpy_integers_are_integers() -> None:
    hand = Hand(CONFIG, np.array([100, 150]), button=np.int64(0), seed=3)
    plain = Hand(CONFIG, [100, 150], button=0, seed=3)
    assert hand.stacks == plain.stacks and all(type(s) is int for s in hand.stacks)
    assert hand.legal_actions().describe() == plain.legal_actions().describe()
    assert hand.history == plain.history


def test_a_refused_hand_leaves_the_plan_cache_usable() -> None:
    with pytest.raises(HandSetupError):
        Hand(CONFIG, [100, 100], runs=2.0, seed=1)
    assert Hand(CONFIG, [100, 100], seed=1).history == Hand(CONFIG, [100, 100], seed=1).history
