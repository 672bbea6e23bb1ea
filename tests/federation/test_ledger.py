"""The ledger follows a night: written when it finishes, moved by a correction, gone on a reopen.

An ABF club imports Compscore's whole files (the real awards of real sessions): finished,
every player holds the award the file states for his pair.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.bridge.formats.usebio import read_usebio
from tournaments.bridge.formats.usebio.awards import read_usebio_awards
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import usebio_import
from tournaments.federation.models import MasterPointAward
from tournaments.federation.selectors.awards import session_award_plan
from tournaments.night.models import Result, Session
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.night.services.results import ResultEntry, result_correct
from tournaments.season.services.players import player_merge

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "usebio"
WHOLE_COMPSCORE_FILES = [
    "compscore-mp-mitchell.xml",
    "compscore-butler-mitchell.xml",
    "compscore-cross-imp-howell.xml",
    "compscore-mp-howell.xml",  # a special club session: red points (Grade B4c)
]

pytestmark = pytest.mark.django_db


def _abf(club: Club) -> Club:
    Club.objects.filter(pk=club.pk).update(federation="abf")
    club.refresh_from_db()
    return club


def imported_and_finished(club: Club, name: str) -> Session:
    session = usebio_import(club=_abf(club), data=(FIXTURES / name).read_bytes()).session
    return session_finish(session=session)


def _ledger(session: Session) -> dict[tuple[str, str], Decimal]:
    """Each player's award, by (pair label, player name)."""
    rows = MasterPointAward.objects.filter(session=session).select_related("pair", "player")
    return {(row.pair.label, row.player.name): row.points for row in rows}


@pytest.mark.parametrize("name", WHOLE_COMPSCORE_FILES)
def test_each_player_of_a_finished_night_holds_his_pairs_award_as_compscore_gave_it(club, name):
    session = imported_and_finished(club, name)
    data = (FIXTURES / name).read_bytes()
    event, stated = read_usebio(data), read_usebio_awards(data).by_pair
    expected = {}
    for pair in event.pairs:
        label = f"{pair.number} {pair.direction}".strip()
        for player in pair.players:
            if stated[pair.key].units:
                expected[(label, player.name)] = stated[pair.key].units / 100
    ours = _ledger(session)
    assert ours == expected
    row = MasterPointAward.objects.filter(session=session).first()
    colour = read_usebio_awards(data).point_type.lower()  # GREEN, or RED for a special club session
    assert (row.federation, row.scale, row.date, row.club_id) == (
        "abf",
        f"abf-club-{colour}",
        session.date,
        club.pk,
    )


def test_a_correction_after_the_finish_moves_the_awards_and_one_that_moves_no_place_writes_nothing(club):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    before = _ledger(session)
    first = set(MasterPointAward.objects.filter(session=session).values_list("pk", flat=True))
    # The same result again: no place moves, no row is written again.
    result = Result.objects.filter(board__session=session, contract__endswith="NT").first()
    entry = ResultEntry(result.ns_pair, result.ew_pair, result.contract, result.declarer, str(result.tricks))
    result_correct(result=result, entry=entry)
    assert set(MasterPointAward.objects.filter(session=session).values_list("pk", flat=True)) == first
    # NS 4 (last) made every trick of every board it declared: its place, and the awards, move.
    for result in Result.objects.filter(board__session=session, ns_pair__number=4, ns_pair__direction="NS"):
        result_correct(result=result, entry=ResultEntry(result.ns_pair, result.ew_pair, "7NT", "N", "13"))
    after = _ledger(session)
    assert after != before
    plan = session_award_plan(session)
    assert sum(after.values()) == 2 * sum(award.points for award in plan.awards.awards)
    assert any(label == "4 NS" for label, _ in after)


def test_a_reopened_night_has_no_awards_until_it_finishes_again(club):
    session = imported_and_finished(club, "compscore-cross-imp-howell.xml")
    awarded = _ledger(session)
    session_reopen(session=session)
    assert not MasterPointAward.objects.filter(session=session).exists()
    session_finish(session=session)
    assert _ledger(session) == awarded


def test_a_club_without_a_federation_awards_nothing(club):
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    session_finish(session=session)
    assert not MasterPointAward.objects.exists()
    assert "has no federation" in session_award_plan(session).refusal


def test_an_ebu_night_too_small_for_the_scale_awards_nothing_and_says_why(club):
    """Six boards of a 4-table Howell: the EBU awards nothing under 12 boards."""
    Club.objects.filter(pk=club.pk).update(federation="ebu")
    session = usebio_import(club=club, data=(FIXTURES / "compscore-butler-howell.xml").read_bytes()).session
    session_finish(session=session)
    assert not MasterPointAward.objects.exists()
    assert "12 boards or more; this session played 6" in session_award_plan(session).refusal


def test_an_ebu_night_of_six_complete_tables_awards_a_third_of_each_direction(club):
    """13 pairs, 21 boards, two winners: 6 complete tables, 2 awards a direction, 12 and 6."""
    Club.objects.filter(pk=club.pk).update(federation="ebu")
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    session_finish(session=session)
    points = sorted(set(MasterPointAward.objects.values_list("field", "place", "points")))
    assert points == [("EW", 1, 12), ("EW", 2, 6), ("NS", 1, 12), ("NS", 2, 6)]


def test_a_merged_players_awards_go_to_the_player_kept(club):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    award = MasterPointAward.objects.filter(session=session).select_related("player").first()
    duplicate = award.player
    keep = type(duplicate).objects.create(name=duplicate.name + " (entered again)")
    player_merge(keep=keep, duplicate=duplicate, user=None)
    award.refresh_from_db()
    assert award.player == keep


def test_awards_are_dated_by_their_night_for_the_season(club):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    assert session.date == datetime.date(2022, 7, 21)
    assert set(MasterPointAward.objects.values_list("date__year", flat=True)) == {2022}
