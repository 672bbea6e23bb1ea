"""An individual's master points: each player is awarded by his own place, in every federation.

An individual's partnerships each play one round, so its players, not its partnerships,
are placed and awarded (issue 45, item 1: the finish of an individual in a club with a
federation was a 500, the same player awarded once a partnership). Each federation's
award of an individual is worked out here again from its rules, written out for twelve
players at three tables over twelve boards, one winner, from the players' places on the
individual standings.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from tests.night.individuals import played_individual
from tournaments.core.models import Club
from tournaments.federation.models import MasterPointAward
from tournaments.federation.selectors.pages import session_awards
from tournaments.night.models import Session
from tournaments.night.selectors.individual import individual_session_standings
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.season.selectors.competitions import competition_standings
from tournaments.season.services.competitions import competition_save

pytestmark = pytest.mark.django_db


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _abf_units(place: int) -> int:
    """ABF green, one winner: 0.04 x 1.5 a table (3 tables: 0.18), 70% second, 1/(k-1) k-th,
    to the top half of the 12 players."""
    winner = 18
    if place > 6:
        return 0
    if place == 1:
        return winner
    return _half_up(winner * (Fraction(7, 10) if place == 2 else Fraction(1, place - 1)))


def _ebu_units(place: int) -> int:
    """EBU local points under 18 boards: a quarter of the 12 players awarded, 6 a place."""
    count = 3
    return 6 * (count - place + 1) if place <= count else 0


def _acbl_units(place: int) -> int:
    """ACBL open club game: 0.10 a player of the group (1.20), 70/50/35% then 1/k, to 40% of 12 (5)."""
    first = 120
    factors = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(7, 20)}
    return _half_up(first * factors.get(place, Fraction(1, place))) if place <= 5 else 0


def _abf_share(total: int, count: int) -> int:
    return _half_up(Fraction(total, count))


def _ebu_share(total: int, count: int) -> int:
    units = math.ceil(Fraction(total, count))
    return max(units, 6) if units else 0


# federation: (units of a place, tied players' share, the unit in points)
RULES: dict[str, tuple[Callable[[int], int], Callable[[int, int], int], Decimal]] = {
    "abf": (_abf_units, _abf_share, Decimal("0.01")),
    "ebu": (_ebu_units, _ebu_share, Decimal(1)),
    "acbl": (_acbl_units, _abf_share, Decimal("0.01")),
}


def _with_federation(club: Club, federation: str) -> Club:
    Club.objects.filter(pk=club.pk).update(federation=federation)
    club.refresh_from_db()
    return club


def _expected(session: Session, federation: str) -> dict[str, Decimal]:
    """Each awarded player's points from his place on the individual standings, by the rules."""
    units_of, share, unit = RULES[federation]
    lines, unscored = individual_session_standings(session)
    assert unscored == 0 and all(line.boards == 12 for line in lines)
    tied: dict[int, list[str]] = defaultdict(list)
    for line in lines:
        tied[int(line.place.rstrip("="))].append(line.name)
    expected = {}
    for place, names in tied.items():
        total = sum(units_of(place + offset) for offset in range(len(names)))
        units = share(total, len(names)) if len(names) > 1 else total
        expected.update({name: units * unit for name in names if units > 0})
    return expected


def _ledger(session: Session) -> dict[str, Decimal]:
    rows = MasterPointAward.objects.filter(session=session).select_related("player")
    return {row.player.name: row.points for row in rows}


@pytest.mark.parametrize("federation", ["abf", "ebu", "acbl"])
def test_an_individual_finishes_reopens_and_finishes_again_with_each_players_own_award(club, federation):
    session = played_individual(_with_federation(club, federation))
    expected = _expected(session, federation)
    assert expected  # the rules award this night: a ledger equal to nothing would prove nothing
    session = session_finish(session=session)
    assert _ledger(session) == expected
    assert MasterPointAward.objects.filter(session=session, pair__isnull=False).count() == 0
    session = session_reopen(session=session)
    assert _ledger(session) == {}
    session = session_finish(session=session)
    assert _ledger(session) == expected


@pytest.mark.parametrize("federation", ["abf", "ebu", "acbl"])
def test_the_director_finishes_an_individual_and_its_page_lists_each_players_award(
    director_client, club, federation
):
    session = played_individual(_with_federation(club, federation))
    expected = _expected(session, federation)
    state = reverse("director:state", args=[session.pk])
    for action in ("finish", "reopen", "finish"):
        response = director_client.post(state, {"action": action, "confirm": "yes"})
        assert response.status_code == 302, (action, response.status_code)
    session.refresh_from_db()
    assert session.is_finished and _ledger(session) == expected
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    section = page.split('class="master-points"', 1)[1].split("</section>", 1)[0]
    for name, points in expected.items():
        assert f"<td>{name}</td>" in section and f'<td class="num">{points}</td>' in section
    assert " - " not in section  # no partnership's names


def test_an_individual_too_small_for_the_ebu_says_why_and_awards_nothing(club):
    session = played_individual(_with_federation(club, "ebu"), rounds=5)  # 10 boards
    session = session_finish(session=session)
    assert _ledger(session) == {}
    awards = session_awards(session, public=False)
    assert awards is not None and "12 boards or more" in awards.refusal


@pytest.mark.parametrize("method", ["percentages", "masterpoints"])
def test_a_season_competition_counts_an_individual_once_a_player_by_his_own_figures(club, method):
    session = session_finish(session=played_individual(_with_federation(club, "abf")))
    competition = competition_save(
        club=club, name="Winter", method=method, best_of=None, minimum_sessions=1, sessions=[session]
    )
    lines, _unscored = individual_session_standings(session)
    expected = _expected(session, "abf")
    table = competition_standings(competition)
    got = {row.player.name: [score for _session, score in row.counted] for row in table.rows}
    if method == "percentages":
        assert got == {line.name: [pytest.approx(line.percentage)] for line in lines}
    else:
        assert got == {line.name: [float(expected.get(line.name, 0))] for line in lines}
