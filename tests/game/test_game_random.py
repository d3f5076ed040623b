"""Random hands for every betting structure: 2 to 10 players, random stacks with many all ins.

Checks after every action: chips are conserved, no stack is negative, what legal_actions()
offers is accepted, and illegal actions are refused without changing anything. At the end the
hand goes through PHH and back unchanged. The number of hands per structure comes from
OMAHA_EVAL_GAME_RANDOM_HANDS; by default 250 locally (a few seconds) and the issue's 10,000 per
structure in CI (CI=true; about five minutes of CPU, spread over the cores).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Tuple

import pytest
from game_helpers import assert_same_hand, env_count, light_snapshot

from omaha_eval.game import DEAD, LIVE, GameConfig, Hand, IllegalActionError, Post
from omaha_eval.game.phh import hand_from_phh, hand_to_phh
from omaha_eval.game.randomplay import apply_action, choose_action

HANDS = env_count("OMAHA_EVAL_GAME_RANDOM_HANDS", 250, ci_default=10_000)


def random_config(kind: str, rng: random.Random) -> GameConfig:
    game = rng.choice(["hi", "hilo"])
    extras = dict(ante=rng.choice([0, 0, 0, 1]), ante_trimming=rng.random() < 0.5,
                  show_all=rng.random() < 0.1)
    if kind == "fixed":
        return GameConfig.fixed_limit(4, 8, game=game, straddle=rng.choice([0, 0, 8]),
                                      heads_up_max_raises=rng.choice([None, 3]),
                                      half_bet_reopens=rng.random() < 0.8, **extras)
    if kind == "spread":
        return GameConfig.spread_limit(2, 10, game=game, late_max_bet=rng.choice([None, 20]), **extras)
    if kind == "pot":
        return GameConfig.pot_limit(1, 2, game=game, straddle=rng.choice([0, 0, 4]), **extras)
    return GameConfig.no_limit(1, 2, game=game, straddle=rng.choice([0, 0, 4]),
                               late_min_bet=rng.choice([None, 4]), **extras)


def random_hand(kind: str, rng: random.Random) -> Hand:
    n = rng.randint(2, 10)
    config = random_config(kind, rng)
    stacks = [rng.choice([rng.randint(1, 12), rng.randint(10, 60), rng.randint(50, 400)]) for _ in range(n)]
    button = rng.randrange(n)
    posts = None
    if rng.random() < 0.15:  # a returning player: live big blind plus a dead small blind
        posts = config.default_posts(n, button)
        p = rng.randrange(n)
        posts += [Post(p, LIVE, config.big_blind), Post(p, DEAD, config.small_blind)]
    return Hand(config, stacks, button=button, posts=posts, seed=rng.randrange(2**32),
                showdown=rng.choice(["auto", "manual"]))


def refused(hand: Hand, action, *args) -> None:
    before = light_snapshot(hand)
    with pytest.raises(IllegalActionError):
        action(*args)
    assert light_snapshot(hand) == before


def check_legal_actions(hand: Hand, rng: random.Random) -> None:
    """What legal_actions() offers passes verify; a sample of what it does not is refused."""
    legal = hand.legal_actions()
    a = legal.player
    other = (a + rng.randrange(1, hand.n_players)) % hand.n_players
    if legal.phase == "showdown":
        assert hand.can_show() and hand.can_muck() == legal.can_muck
        if not legal.can_muck:
            refused(hand, hand.muck)
        refused(hand, hand.show, other)
        refused(hand, hand.call)
        return
    assert hand.can_fold() == legal.can_fold
    assert hand.can_check() == legal.can_check
    assert hand.can_call() == legal.can_call
    refused(hand, hand.call if legal.can_check else hand.check)
    if legal.can_check:
        refused(hand, hand.fold)
    refused(hand, hand.fold, other)
    refused(hand, hand.show)
    wager = hand.raise_to if hand.level else hand.bet
    if legal.can_bet or legal.can_raise:
        assert legal.min_to <= legal.max_to <= legal.all_in_to
        assert wager.__self__.can_raise_to(legal.min_to) if hand.level else hand.can_bet(legal.min_to)
        verify = hand.verify_raise_to if hand.level else hand.verify_bet
        verify(legal.max_to)
        if legal.max_to < legal.all_in_to:
            refused(hand, wager, legal.max_to + 1)
        if legal.min_to - 1 > hand.level and legal.min_to < legal.all_in_to:
            refused(hand, wager, legal.min_to - 1)
        refused(hand, hand.bet if hand.level else hand.raise_to, legal.min_to)
    else:
        refused(hand, wager, legal.all_in_to if legal.all_in_to > hand.level else hand.level + 1)


def play_hands(kind: str, first: int, count: int) -> Tuple[int, int]:
    """Plays hands ``first .. first + count - 1`` of a structure, each from its own seed (so a
    failure names one hand that can be replayed alone), checking every action; returns how many
    went all in and how many reached a showdown."""
    all_ins = showdowns = 0
    for i in range(first, first + count):
        rng = random.Random(f"random hands {kind} {i}")
        hand = random_hand(kind, rng)
        total = sum(hand.starting_stacks)
        while not hand.is_over:
            check_legal_actions(hand, rng)
            apply_action(hand, choose_action(hand, rng))
            assert min(hand.stacks) >= 0, f"hand {i}"
            assert sum(hand.stacks) + hand.pot == total, f"hand {i}"
        assert sum(hand.stacks) == total, f"hand {i}"
        result = hand.result
        assert sum(result.winnings) == sum(hand.committed), f"hand {i}"  # committed is net of returned chips
        assert sum(p.amount for p in result.pots) == sum(result.winnings), f"hand {i}"
        refused(hand, hand.check)
        all_ins += any(e.all_in for e in hand.history)
        showdowns += bool(result.shown)
        assert_same_hand(hand, hand_from_phh(hand_to_phh(hand, cards_per_action=rng.random() < 0.5)))
    return all_ins, showdowns


# Hands are independent, so a long run (CI plays 10,000 per structure) uses every core the
# process may run on; a short one stays in this process.
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
PROCESSES = min(CPUS, 4) if HANDS >= 2_000 else 1


@pytest.mark.parametrize("kind", ["fixed", "spread", "pot", "no"])
def test_random_hands(kind):
    if PROCESSES == 1:
        counts = [play_hands(kind, 0, HANDS)]
    else:
        bounds = [HANDS * k // PROCESSES for k in range(PROCESSES + 1)]
        # spawn, not fork: the test process may hold threads (Dask, servers) from earlier tests
        with ProcessPoolExecutor(PROCESSES, mp_context=multiprocessing.get_context("spawn")) as pool:
            counts = list(pool.map(play_hands, [kind] * PROCESSES, bounds[:-1],
                                   [b - a for a, b in zip(bounds, bounds[1:])]))
    all_ins, showdowns = map(sum, zip(*counts))
    # the generator really produces the situations the checks are about
    assert all_ins > HANDS // 4 and showdowns > HANDS // 10
