"""Issue 11 item 4: the Omaha family in the rules layer (5- and 6-card Omaha hi and hi-lo,
Courchevel), deck-size limits, runs of the board, rake, PHH round trips."""

from __future__ import annotations

import random
import pytest

from omaha_eval.cards import parse_cards
from omaha_eval.game import GameConfig, Hand, HandSetupError
from omaha_eval.game.config import variant_options
from omaha_eval.variants import VARIANTS as FAMILY
from omaha_eval.game.phh import hand_to_phh, parse_phh, replay, variant_code
from omaha_eval.game.randomplay import play_random

STRUCTURES = ("pot", "no", "fixed")


def _config(variant: str, structure: str) -> GameConfig:
    options = variant_options(variant)
    if structure == "fixed":
        return GameConfig.fixed_limit(2, 4, **options)
    if structure == "no":
        return GameConfig.no_limit(1, 2, **options)
    return GameConfig.pot_limit(1, 2, **options)


@pytest.mark.parametrize("variant", sorted(FAMILY))
@pytest.mark.parametrize("structure", STRUCTURES)
def test_random_hands_conserve_chips_and_round_trip_through_phh(variant, structure):
    rng = random.Random(hash((variant, structure)) & 0xFFFF)
    config = _config(variant, structure)
    for k in range(25):
        n = rng.randint(2, config.max_players)
        stacks = [rng.randint(5, 120) for _ in range(n)]
        hand = play_random(Hand(config, stacks, seed=rng.randrange(1 << 30)), rng)
        assert sum(hand.stacks) == sum(stacks)
        assert all(len(hand.hole_cards(p)) == config.hole_cards for p in range(n))
        text = hand_to_phh(hand)
        again = replay(parse_phh(text))
        assert list(again.stacks) == list(parse_phh(text).fields["finishing_stacks"])
        assert again.config.hole_cards == config.hole_cards and again.config.courchevel == config.courchevel


def test_deck_size_limits_players():
    assert [GameConfig.pot_limit(1, 2, hole_cards=h).max_players for h in (4, 5, 6)] == [11, 8, 7]
    Hand(GameConfig.pot_limit(1, 2, hole_cards=6), [100] * 7, seed=1)
    with pytest.raises(HandSetupError, match="2 to 7 players with 6 hole cards"):
        Hand(GameConfig.pot_limit(1, 2, hole_cards=6), [100] * 8, seed=1)
    with pytest.raises(HandSetupError, match="hole_cards must be 4, 5 or 6"):
        GameConfig.pot_limit(1, 2, hole_cards=3)


def test_courchevel_deals_one_board_card_before_the_first_round():
    config = GameConfig.pot_limit(1, 2, **variant_options("courchevel-8"))
    hand = Hand(config, [100, 100, 100], seed=5)
    assert len(hand.board) == 1 and hand.street == 0
    first = hand.board[0]
    while hand.street == 0:
        hand.check_or_call()
    assert len(hand.board) == 3 and hand.board[0] == first
    while not hand.is_over:
        hand.check_or_call()
    assert len(hand.board) == 5 and sum(hand.stacks) == 300
    text = hand_to_phh(hand)
    assert "variant = 'PCO/8'" in text
    actions = parse_phh(text).actions
    first_board = next(k for k, a in enumerate(actions) if a.startswith("d db"))
    assert len(actions[first_board].split()[2]) == 2  # one card, before any betting action
    assert all(not a.startswith("p") or " sm" in a for a in actions[:first_board])


def test_variant_codes():
    assert variant_code(GameConfig.pot_limit(1, 2)) == "PO"
    assert variant_code(GameConfig.fixed_limit(2, 4, game="hilo", hole_cards=6)) == "FO6/8"
    assert variant_code(GameConfig.pot_limit_preflop(1, 2)) == "PNO"
    assert variant_code(GameConfig.pot_limit(1, 2, **variant_options("courchevel"))) == "PCO"


def test_five_card_showdown_uses_exactly_two_hole_cards():
    # four spades in the hole and none on the board: no flush; a straight needs two hole cards
    config = GameConfig.pot_limit(1, 2, hole_cards=5)
    hand = Hand(config, [50, 50], hole_cards=["AsKsQsJs2d", "7h7d3c4c9d"], board="Th9s8c2h3d",
                showdown="auto")
    while not hand.is_over:
        hand.check_or_call()
    # AK/KQ/QJ/J? with T98: Q-J + T-9-8 is a queen-high straight for player 0
    assert hand.result.winnings == [4, 0]


def test_run_twice_and_rake_split_each_pot():
    config = GameConfig.no_limit(1, 2)
    hand = Hand(config, [20, 20], hole_cards=["AhAdKcKd", "7s8s9c2d"], board="2c3d4h5s6c",
                runs=2, extra_boards=[[int(c) for c in parse_cards("AcAsQh")]], rake=2,
                showdown="auto")
    hand.all_in()
    hand.call()
    # all in preflop: the second run is five new cards, starting with the ones given
    assert len(hand.boards) == 2 and hand.boards[1][:3] == tuple(parse_cards("AcAsQh").tolist())
    assert sum(hand.result.winnings) == 38 and sum(hand.stacks) == 38
    assert {pot.run for pot in hand.result.pots} == {0, 1}
    assert [pot.amount for pot in hand.result.pots] == [19, 19]


def test_pot_limit_before_the_flop_and_no_limit_after():
    hand = Hand(GameConfig.pot_limit_preflop(1, 2), [100, 100, 100], seed=3)
    assert hand.legal_actions().max_to == 7  # the button: 2 to call, pot 3 + 2 = 5 more
    hand.call()
    hand.call()
    hand.check()
    legal = hand.legal_actions()
    assert hand.street == 1 and legal.max_to == 98  # all in: no limit after the flop
    text = hand_to_phh(hand)
    assert "variant = 'PNO'" in text


def test_the_board_is_run_as_many_times_as_the_deck_allows():
    hand = Hand(GameConfig.no_limit(1, 2, hole_cards=6), [10] * 6, runs=3, seed=1)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.all_in() if (legal.can_bet or legal.can_raise) else hand.check_or_call()
    # 36 hole cards + 8 dealt leave 8: one more run of five
    assert len(hand.boards) == 2 and sum(hand.stacks) == 60
    assert not set(hand.boards[0]) & set(hand.boards[1])
