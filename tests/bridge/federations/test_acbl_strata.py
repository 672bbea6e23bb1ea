"""ACBL strat awards of a club game, from the Handbook's "Calculating the awards".

The Handbook's rules, each a case below: a group is a Mitchell direction's pairs (an
eight-table Mitchell "is two groups of 8 pairs"), first place .10 a pair of the group,
second 70%, third 50%, fourth 35%, then 1/k; depth 40% of the group, .5 rounded up;
"Stratified pairs may be conducted with two or three strats ... The lowest strat must
have at least five pairs"; a pair takes only its highest award.
"""

from __future__ import annotations

from tournaments.bridge.federations import Contest, scale_of
from tournaments.bridge.federations.strata import stratified_awards
from tournaments.bridge.strata import Ranked

ACBL = scale_of("acbl")
# An eight-table Mitchell: NS places 1-8 with strata A B C B A C B C, EW the same.
STRATA = [0, 1, 2, 1, 0, 2, 1, 2]


def _fields(strata=STRATA):
    return [
        [Ranked((direction, place), place, stratum) for place, stratum in enumerate(strata, 1)]
        for direction in ("NS", "EW")
    ]


def _points(awards):
    return {key: str(award.points) for key, award in awards.by_key().items()}


def test_an_unstratified_game_and_stratum_a_award_the_same():
    contest = Contest(competitors=16, boards=24, winners=2)
    awards, strata = stratified_awards(ACBL, contest, _fields([0] * 8), 3)
    # 8 pairs a group: 0.80 first, 0.56, 0.40, 0.28; depth 40% of 8 = 3.2, so 3 places.
    assert _points(awards) == {
        (direction, place): points
        for direction in ("NS", "EW")
        for place, points in ((1, "0.80"), (2, "0.56"), (3, "0.40"))
    }
    assert set(strata.values()) == {0}


def test_each_pair_takes_its_best_award_over_the_strata_it_is_ranked_in():
    contest = Contest(competitors=16, boards=24, winners=2)
    awards, strata = stratified_awards(ACBL, contest, _fields(), 3)
    ns = {place: points for (direction, place), points in _points(awards).items() if direction == "NS"}
    # A: 8 pairs, places 1-3: 0.80, 0.56, 0.40.
    # B (B and C pairs: places 2 3 4 6 7 8, 6 pairs): 0.60, 0.42; depth 40% of 6 = 2.4, so 2.
    # C (places 3 6 8, 3 pairs of NS, 6 of the game >= 5): 0.30 first; depth 40% of 3 = 1.2, 1.
    # Place 2 (B): 0.56 in A, 0.60 first in B. Place 3 (C): 0.40 in A, 0.42 in B, 0.30 in C.
    # Place 4 (B): nothing in A, nothing in B (third). Place 6 (C): second in C, past its depth.
    assert ns == {1: "0.80", 2: "0.60", 3: "0.42"}
    assert strata[("NS", 1)] == 0 and strata[("NS", 2)] == 1 and strata[("NS", 3)] == 1


def test_a_c_strat_of_fewer_than_five_pairs_is_ranked_in_b():
    contest = Contest(competitors=16, boards=24, winners=2)
    strata = [0, 1, 1, 1, 0, 2, 1, 2]  # two C pairs a direction: four in the game
    awards, found = stratified_awards(ACBL, contest, _fields(strata), 3)
    assert 2 not in found.values()


def test_the_abf_awards_a_stratified_game_as_an_open_one():
    abf = scale_of("abf")
    contest = Contest(competitors=16, boards=24, winners=2)
    stratified, strata = stratified_awards(abf, contest, _fields(), 3)
    open_game, _ = stratified_awards(abf, contest, _fields([0] * 8), 3)
    assert _points(stratified) == _points(open_game) and set(strata.values()) == {0}
