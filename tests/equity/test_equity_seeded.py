"""Seeded Monte Carlo results stay the same: the share and high-win sums of a spread of spots
(random players, ranges, fixed hands, boards, dead cards, hi-lo, 5 and 6 cards), pinned from
the engine before issue 12's second round sped up dealing and board lookups. A change in the
order the generator is drawn from fails here (about a second)."""

from __future__ import annotations

import pytest

from omaha_eval import equity

# hands, board, dead, game, trials, seed, per-player sums of shares (units of POT), of high wins
PINNED = [
    (["random", "random"], "", "", "hi", 50000, 1,
     [126219240, 125780760], [24674, 24587]),
    (["random", "random", "random"], "", "", "hilo", 30000, 2,
     [50004360, 50907780, 50287860], [9668, 9832, 9713]),
    (["AsKsQhJh", "random"], "", "", "hi", 40000, 3,
     [122547600, 79052400], [23929, 15299]),
    (["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"], "", "", "hi", 60000, 4,
     [116509680, 52773840, 133116480], [23117, 10471, 26412]),
    (["AsKsQhJh", "2c2d7h8s", "9c9dTcTd"], "", "", "hilo", 60000, 5,
     [81333000, 125498520, 95568480], [23125, 10495, 26380]),
    (["AsKsQhJh", "2c2d7h8s"], "Ts9h3c", "", "hi", 20000, 6,
     [62531280, 38268720], [12407, 7593]),
    (["AsKsQhJh", "random"], "Ts9h3c", "2d", "hilo", 20000, 7,
     [55637820, 45162180], [11529, 7804]),
    (["AA**", "KK**", "random"], "", "", "hi", 20000, 8,
     [47676720, 25404960, 27718320], [9395, 4998, 5417]),
    (["AA**ds", "random"], "Kd7c2h", "", "hilo", 20000, 9,
     [67421340, 33378660], [13675, 6207]),
    (["random"] * 10, "", "", "hi", 20000, 10,
     [10051440, 9746100, 10453380, 9967440, 9771720, 10213560, 10204320, 10088400, 10123260, 10180380], [1786, 1729, 1853, 1772, 1727, 1816, 1820, 1776, 1798, 1810]),
    (["random"] * 7, "", "", "plo6-8", 10000, 11,
     [7293930, 7201740, 7204680, 7060410, 7332780, 7121100, 7185360], [1214, 1197, 1248, 1175, 1230, 1232, 1217]),
    (["AsKsQhJh9d", "random"], "2c7d9hTs", "", "plo5", 20000, 12,
     [49455000, 51345000], [9436, 9811]),
    (["random", "random"], "AhKd7c", "", "plo6", 20000, 13,
     [50672160, 50127840], [9761, 9653]),
    (["AsAd**:0.5, KK**", "random"], "", "", "hi", 20000, 14,
     [64023120, 36776880], [12642, 7236]),
]


@pytest.mark.parametrize("hands, board, dead, game, trials, seed, shares, hi_wins", PINNED)
@pytest.mark.parametrize("workers", [1, 2])
def test_seeded_monte_carlo_is_pinned(hands, board, dead, game, trials, seed, shares, hi_wins,
                                      workers):
    r = equity(hands, board, dead, game=game, trials=trials, seed=seed, workers=workers)
    assert not r.exact and r.trials == trials
    assert [int(row[0]) for row in r._stats] == shares
    assert [int(row[2]) for row in r._stats] == hi_wins
