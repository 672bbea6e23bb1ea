"""A stratified game's awards: each stratum's places on the scale, a pair taking its best award.

Strata as ``bridge.strata`` has them (nested: A the whole field, B the pairs of B and C,
C the C pairs). For each stratum in play and each field (a Mitchell's direction, a
Howell), the scale is asked for the stratum's places as if they were a field of their
own: a contest of the stratum's pairs (the ACBL's "section awards ... are based on the
number of pairs ... in each group", so a strat's group is its pairs of that field).
A pair ranked in several strata gets the largest of its awards, not their sum ("a pair
is eligible for only one Masterpoints award and will receive the highest award"); on
equal awards the higher stratum's is kept (the place the pair earned against more pairs).

A scale awards strata only if it says how (``Scale.strat_minimum``: the ACBL's five
pairs in the lowest strat); another federation's stratified game is awarded as an open
one, by the whole field (A), and its strata are standings only.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from tournaments.bridge.federations.awards import Award, Awards, Contest, Placed, Scale
from tournaments.bridge.strata import Ranked, strata_in_play, stratum_places

K = TypeVar("K", bound=Hashable)


def _stratum_contest(contest: Contest, pairs: int) -> Contest:
    """A stratum of one field as a contest of its own: a Mitchell direction's pairs are its tables."""
    if contest.winners == 2:
        return Contest(competitors=2 * pairs, boards=contest.boards, winners=2)
    return Contest(competitors=pairs, boards=contest.boards, winners=1)


def stratified_awards(
    scale: Scale, contest: Contest, fields: Sequence[Sequence[Ranked[K]]], strata: int
) -> tuple[Awards[K], dict[K, int]]:
    """Return each pair's best award over the strata it is ranked in, and the stratum that gave it.

    ``strata``: how many the game has (1, 2 or 3). Stratum A is the open awards of the
    whole contest, exactly as an unstratified game's.
    """
    overall = scale.awards(contest, [[Placed(entry.key, entry.place) for entry in field] for field in fields])
    best: dict[K, tuple[Award[K], int]] = {award.key: (award, 0) for award in overall.awards}
    if overall.refusal or scale.strat_minimum is None:
        return overall, {key: 0 for key in best}
    every = [entry.stratum for field in fields for entry in field]
    for stratum in strata_in_play(every, strata, scale.strat_minimum)[1:]:
        for field in fields:
            places = stratum_places(field, stratum)
            if not places:
                continue
            found = scale.field_awards(
                _stratum_contest(contest, len(places)),
                [Placed(place.key, place.place) for place in places],
            )
            for award in found.awards:
                held = best.get(award.key)
                if held is None or award.units > held[0].units:
                    best[award.key] = (award, stratum)
    awards = tuple(award for award, _stratum in best.values())
    return Awards(awards), {key: stratum for key, (_award, stratum) in best.items()}
