"""Master points through USEBIO: exported as Compscore writes them, and compared on an import.

Done when (issue 30): importing each real Compscore file of ``tests/fixtures/usebio/`` into
an ABF club and exporting it again gives every pair the file's ``MASTER_POINTS_AWARDED``.
The whole files are imported and finished here; the cut files keep only some boards, so
their places (and awards) are those of the kept boards: their awards are reproduced from
the file's own places in ``tests/bridge/federations/test_abf.py``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
import xmltodict

from tests.exchange.usebio_files import fixture_bytes
from tests.federation.test_ledger import FIXTURES, WHOLE_COMPSCORE_FILES, imported_and_finished
from tournaments.bridge.formats.usebio.awards import read_usebio_awards
from tournaments.core.models import Club
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.federation.selectors.awards import session_award_plan
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", WHOLE_COMPSCORE_FILES)
def test_a_compscore_file_imported_into_an_abf_club_exports_its_awards_again(club, name):
    Club.objects.filter(pk=club.pk).update(federation_club_number="2074")
    session = imported_and_finished(club, name)
    exported = session_usebio_bytes(session)
    theirs = read_usebio_awards((FIXTURES / name).read_bytes())
    ours = read_usebio_awards(exported)
    assert {key.compact: int(award.units) for key, award in ours.by_pair.items()} == {
        key.compact: int(award.units) for key, award in theirs.by_pair.items()
    }
    expected_head = ("Club", theirs.point_type, True, "")
    assert (ours.scale, ours.point_type, ours.awarded, ours.p2p_charge_rate) == expected_head
    # As Cobalt reads a pair's award on its results pages: int(MASTER_POINTS_AWARDED) / 100.
    usebio = xmltodict.parse(exported)["USEBIO"]
    assert usebio["CLUB"]["CLUB_ID_NUMBER"] == "2074"
    shown = {
        pair["PAIR_NUMBER"]: int(pair["MASTER_POINTS_AWARDED"]) / 100.0
        for pair in usebio["EVENT"]["PARTICIPANTS"]["PAIR"]
    }
    assert max(shown.values()) == max(int(award.units) for award in theirs.by_pair.values()) / 100


def test_an_ebu_clubs_file_carries_its_pay_to_play_rate_and_whole_master_points(club):
    Club.objects.filter(pk=club.pk).update(federation="ebu", p2p_charge_rate="0.65")
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    session = session_finish(session=session)
    ours = read_usebio_awards(session_usebio_bytes(session))
    assert (ours.scale, ours.point_type, ours.awarded, ours.p2p_charge_rate) == (
        "Club",
        "BLACK",
        True,
        "0.65",
    )
    assert sorted(int(award.units) for award in ours.by_pair.values() if award.units) == [6, 6, 12, 12]
    assert len(ours.by_pair) == 13  # every pair, 0 where none: as Compscore writes it


def test_a_night_not_finished_or_a_club_without_a_federation_awards_nothing_in_the_file(club):
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    exported = session_usebio_bytes(session)
    assert b"<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>" in exported and b"MASTER_POINT" not in exported
    Club.objects.filter(pk=club.pk).update(federation="abf")
    session.refresh_from_db()
    exported = session_usebio_bytes(session)  # in play: the scale, but nothing awarded yet
    assert b"<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>" in exported
    assert b"<MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE>" in exported
    assert b"MASTER_POINTS_AWARDED" not in exported


@pytest.mark.parametrize("name", WHOLE_COMPSCORE_FILES)
def test_an_abf_clubs_import_of_a_whole_compscore_file_finds_its_awards_the_same(club, name):
    Club.objects.filter(pk=club.pk).update(federation="abf")
    assert usebio_import(club=club, data=(FIXTURES / name).read_bytes()).differences == []


def test_a_red_point_compscore_file_is_imported_as_a_special_club_session_and_awarded_red(club):
    """Compscore's 6-table Howell awards RED points: the import names the session's scale so, and
    its winners get 0.60 as the file says, not the 0.36 of an ordinary green session."""
    Club.objects.filter(pk=club.pk).update(federation="abf")
    imported = usebio_import(club=club, data=(FIXTURES / "compscore-mp-howell.xml").read_bytes())
    assert imported.session.master_point_type == "RED"
    assert imported.differences == []
    plan = session_award_plan(imported.session)
    assert plan.scale.code == "abf-club-red"
    assert sorted((award.points for award in plan.awards.awards), reverse=True)[0] == Decimal("0.60")


def test_an_abf_clubs_import_of_the_whole_adjusted_compscore_file_finds_every_award_the_same(club):
    """The 42-pair Mitchell whose director gave an A5050 23 and 11 of 40: the kept figures give
    Compscore's places, so its awards (the lines' own notes aside)."""
    Club.objects.filter(pk=club.pk).update(federation="abf")
    data = fixture_bytes("compscore-mp-mitchell-adjusted-whole.xml.gz")
    differences = usebio_import(club=club, data=data).differences
    assert len(differences) == 2 and not [line for line in differences if "master points" in line]


def test_an_import_lists_each_pair_whose_award_the_scale_gives_otherwise(club):
    """The file cut to four boards: ClubScore's places over them are not the file's, nor its awards."""
    Club.objects.filter(pk=club.pk).update(federation="abf")
    data = (FIXTURES / "compscore-mp-mitchell-adjusted.xml").read_bytes()
    differences = usebio_import(club=club, data=data).differences
    awards = [line for line in differences if "master points" in line]
    assert awards and all(line.startswith("Pair ") for line in awards)
    assert any("the file awards 0.63 master points, ClubScore" in line for line in awards)


def test_an_import_into_an_ebu_club_of_a_session_too_small_says_why_none(club):
    """Six boards of the Butler Howell, its points called black as an EBU club's scorer would."""
    Club.objects.filter(pk=club.pk).update(federation="ebu")
    data = (FIXTURES / "compscore-butler-howell.xml").read_bytes().replace(b"GREEN", b"BLACK")
    differences = usebio_import(club=club, data=data).differences
    assert "The file awards master points; ClubScore awards none: The EBU awards master points for 12 " in (
        " ".join(differences)
    )


def test_points_of_another_federations_type_are_not_compared(club):
    """Scorer's New Zealand 'c' points in an ABF club's import: no figure of theirs could be green."""
    Club.objects.filter(pk=club.pk).update(federation="abf")
    data = (FIXTURES / "scorer-handicap-pairs.xml").read_bytes()
    assert not [line for line in usebio_import(club=club, data=data).differences if "master points" in line]
