"""The rules layer's fast paths give exactly what the general paths give (issue 12, item 7).

The deck of a replay that knows every card, the cached default forced bets, ``check_or_call``
without a second verify and the history kept as tuples until it is read are shortcuts: each is
checked here against the slow path it replaces.
"""

from __future__ import annotations

import random

import pytest

from omaha_eval.game import GameConfig, Hand, IllegalActionError
from omaha_eval.game import deck as deck_module
from omaha_eval.game.events import Event
from omaha_eval.game.randomplay import play_random


def _general_deck(monkeypatch: pytest.MonkeyPatch, *args, **kwargs):
    with monkeypatch.context() as m:
        m.setattr(deck_module, "_known_deal", lambda *a: None)
        return deck_module.build_deck(*args, **kwargs)


def test_known_deal_is_the_general_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    for t in range(1500):
        hole = rng.choice((4, 5, 6))
        n = rng.randint(2, (52 - 8) // hole)
        cards = list(range(52))
        if t % 3:  # every third deal keeps the lowest ids in the hands: the burns come later
            rng.shuffle(cards)
        holes = [cards[hole * p:hole * p + hole] for p in range(n)]
        if t % 2:
            holes = [tuple(h) for h in holes]
        board = tuple(cards[hole * n:hole * n + 5])
        button = rng.randrange(n)
        fast = deck_module.build_deck(n, button, hole_cards=holes, board=board, hole=hole)
        assert fast == _general_deck(monkeypatch, n, button, hole_cards=holes, board=board, hole=hole)
        assert len(set(fast)) == len(fast) == hole * n + 8


@pytest.mark.parametrize("holes, board, match", [
    ([[0, 1, 2, 3], [3, 4, 5, 6]], [8, 9, 10, 11, 12], "given twice"),
    ([[0, 1, 2, 3], [4, 5, 6, True]], [8, 9, 10, 11, 12], None),   # a bool is not a card id
    ([[0, 1, 2, 3], [4, 5, 6, 52]], [8, 9, 10, 11, 12], "52"),
    ([[0, 1, 2, 3], [4, 5, 6]], [8, 9, 10, 11, 12], "3 hole cards"),
    ([[0, 1, 2, 3], [4, 5, 6, 7]], [8, 9, 10, 11, 8], "given twice"),
])
def test_known_deal_leaves_bad_cards_to_the_general_path(holes, board, match) -> None:
    from omaha_eval.game import HandSetupError
    assert deck_module._known_deal(2, 1, holes, board, 4, 16) is None
    with pytest.raises(HandSetupError, match=match):
        deck_module.build_deck(2, 1, hole_cards=holes, board=board)


def test_default_posts_are_the_configs_and_follow_the_config() -> None:
    for config in (GameConfig.pot_limit(1, 2), GameConfig.pot_limit(1, 2, ante=1, straddle=4),
                   GameConfig.fixed_limit(2), GameConfig.pot_limit(1, 2).scaled(2)):
        for n in (2, 3, 6):
            for button in range(n):
                hand = Hand(config, [100] * n, button=button, seed=1)
                assert list(hand.posts) == config.default_posts(n, button)
                explicit = Hand(config, [100] * n, button=button, seed=1,
                                posts=config.default_posts(n, button))
                assert explicit.history == hand.history and explicit.bets == hand.bets


def test_check_or_call_is_check_or_call() -> None:
    config = GameConfig.no_limit(1, 2)
    rng = random.Random(11)
    for seed in range(60):
        n = rng.randint(2, 6)
        stacks = [rng.randint(1, 60) for _ in range(n)]
        one, two = Hand(config, stacks, seed=seed), Hand(config, stacks, seed=seed)
        while not one.is_over:
            legal = two.legal_actions()
            one.check_or_call()
            two.call() if legal.can_call else two.check()
            assert one.history == two.history
        assert one.result.finishing_stacks == two.result.finishing_stacks
        with pytest.raises(IllegalActionError, match="over"):
            one.check_or_call()


def test_history_is_made_of_events_on_each_read() -> None:
    hand = play_random(Hand(GameConfig.pot_limit(1, 2, game="hilo"), [50, 80, 120], seed=4),
                       random.Random(2))
    first, second = hand.history, hand.history
    assert all(type(e) is Event for e in first)
    assert first == second and first[0] is not second[0]  # equal, but new objects
    kinds = [e.kind for e in first]
    assert kinds[:3] == ["post", "post", "deal_hole"] and "win" in kinds
    assert sum(e.amount for e in first if e.kind == "win") == sum(hand.committed)  # no rake
