"""The ABF's club scale against the Compscore files ABF clubs upload, and the manual's own words.

Every real Compscore file of ``tests/fixtures/usebio/`` states ``MASTER_POINTS_AWARDED``
(hundredths of a green point, or of a red one for the Howell of a special club session)
for every pair: the scale of the file's ``MASTER_POINT_TYPE``, given the file's own places
and its tables, reproduces each of them exactly. The cut files keep every pair and its
stated place, so their awards are tested as whole as the others.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.exchange.usebio_files import fixture_bytes
from tournaments.bridge.federations import Contest, Placed, scale_of
from tournaments.bridge.federations.abf import GRADE_B4C_WEIGHT, places_awarded, winner_units
from tournaments.bridge.formats.usebio import read_usebio
from tournaments.bridge.formats.usebio.awards import read_usebio_awards

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "usebio"
ABF = scale_of("abf")
COMPSCORE_FILES = [
    "compscore-mp-mitchell.xml",
    "compscore-mp-mitchell-adjusted.xml",
    "compscore-butler-mitchell.xml",
    "compscore-butler-howell.xml",
    "compscore-cross-imp-howell.xml",
    "compscore-mp-howell.xml",
    "compscore-mp-mitchell-adjusted-whole.xml.gz",
]


def _file_awards(name: str) -> tuple[dict, dict]:
    """The awards the scale gives the file's places, and the ones the file states, by pair."""
    data = fixture_bytes(name)
    event, stated = read_usebio(data), read_usebio_awards(data)
    scale = scale_of("abf", stated.point_type)
    fields: dict[str, list[Placed]] = {}
    for pair in event.pairs:
        field = pair.direction if event.ranking == 2 else ""
        fields.setdefault(field, []).append(Placed(pair.key, pair.place))
    contest = Contest(competitors=len(event.pairs), boards=len(event.boards), winners=event.ranking)
    found = scale.awards(contest, list(fields.values())).by_key()
    ours = {pair.key: found[pair.key].units if pair.key in found else 0 for pair in event.pairs}
    theirs = {key: int(award.units) for key, award in stated.by_pair.items()}
    return ours, theirs


@pytest.mark.parametrize("name", COMPSCORE_FILES)
def test_every_pair_gets_the_award_compscore_wrote(name):
    ours, theirs = _file_awards(name)
    assert theirs, "the file states its awards"
    assert ours == theirs


def test_the_real_files_cover_both_abf_club_grades_and_both_kinds_of_movement():
    """The comparison above is no comparison unless the files hold green and red, Mitchell and Howell."""
    kinds = set()
    for name in COMPSCORE_FILES:
        data = fixture_bytes(name)
        kinds.add((read_usebio_awards(data).point_type, read_usebio(data).ranking))
    assert kinds == {("GREEN", 1), ("GREEN", 2), ("RED", 1)}


def test_a_special_club_sessions_howell_gives_its_winners_red_points_at_weight_two_and_a_half():
    """Grade B4c (red): 0.04 x 2.5 a table to a Howell's winner, so 0.60 for Compscore's six tables,
    where the ordinary Grade E green scale gives 0.36."""
    places = [Placed(n, n) for n in range(1, 13)]
    red = scale_of("abf", "RED").field_awards(Contest(competitors=12, boards=26), places)
    green = scale_of("abf").field_awards(Contest(competitors=12, boards=26), places)
    assert [award.units for award in red.awards] == [60, 42, 30, 20, 15, 12]
    assert [award.units for award in green.awards] == [36, 25, 18, 12, 9, 7]
    assert winner_units(6, 1, GRADE_B4C_WEIGHT) == 60 and scale_of("abf", "RED").point_type == "RED"


def test_a_point_type_the_federation_does_not_award_has_no_scale():
    assert scale_of("ebu", "RED") is None and scale_of("abf", "red") is scale_of("abf", "RED")


def test_the_file_cobalt_refuses_holds_the_butler_mitchell_files_awards():
    """``compscore-not-supported.xml`` is two pairs of the Butler Mitchell under an unknown event type."""
    cut = read_usebio_awards((FIXTURES / "compscore-not-supported.xml").read_bytes()).by_pair
    whole = read_usebio_awards((FIXTURES / "compscore-butler-mitchell.xml").read_bytes()).by_pair
    assert cut and all(whole[key] == award for key, award in cut.items())


def test_the_header_says_club_green_awarded():
    stated = read_usebio_awards((FIXTURES / "compscore-mp-mitchell.xml").read_bytes())
    assert (stated.scale, stated.point_type, stated.awarded, stated.p2p_charge_rate) == (
        "Club",
        "GREEN",
        True,
        "10",
    )


@pytest.mark.parametrize(
    ("tables", "winners", "hundredths"),
    [
        (7, 2, 21),  # 0.02 W T, W = 1.5 (Grade E): 0.03 a table to each Mitchell winner
        (21, 2, 63),
        (30, 2, 90),
        (31, 2, 93),  # beyond 30 tables: W (1 - e^(-31/32)) = 0.9306
        (4, 1, 24),  # 0.04 W T: 0.06 a table to a Howell's winner
        (15, 1, 90),
        (16, 1, 95),  # beyond 15 tables: W (1 - e^(-1)) = 0.948
    ],
)
def test_the_winners_award_follows_clause_3_1_1(tables, winners, hundredths):
    """ABF Masterpoint Manual 3.1.1: "0.02WT for T up to and including 30, W[1-exp(-T/32)] for
    T exceeding 30" (two winners); "0.04WT for T up to and including 15, W[1-exp(-T/16)] for T
    exceeding 15" (one winner)."""
    assert winner_units(tables, winners) == hundredths


def test_places_follow_clause_4_2():
    """ "Runners-up in any field receive 70% of the winners' award. Other awards are calculated as
    the winners' award divided by one less than the placing position (i.e. 3rd place receives
    half the winners' award, 4th place receives one third, etc.)" """
    field = [Placed(n, n) for n in range(1, 9)]  # a 4-table Howell: 8 pairs, top half 4
    awards = ABF.field_awards(Contest(competitors=8, boards=24), field)
    assert [award.units for award in awards.awards] == [24, 17, 12, 8]


@pytest.mark.parametrize(
    ("field", "teams", "last"), [(9, False, 4), (8, False, 4), (13, True, 5), (6, True, 2)]
)
def test_awards_reach_half_a_field_or_a_third_of_a_teams_field(field, teams, last):
    """ "in a field of 9, awards are made to the 4th position"; teams: "the top third of the field,
    rounding up if necessary (e.g. in a field of 13 awards are made to the 5th position)" """
    assert places_awarded(field, teams=teams) == last


def test_tied_pairs_share_the_rounded_awards_of_their_places():
    """Tied 3rd and 4th where three places are awarded: (0.11 + 0) / 2 = 0.055, given as 0.06 (Compscore)."""
    field = [Placed(key, place) for key, place in zip("abcdefg", (1, 2, 3, 3, 5, 6, 7), strict=True)]
    awards = ABF.field_awards(Contest(competitors=13, boards=20, winners=2), field).by_key()
    assert {key: award.units for key, award in awards.items()} == {"a": 21, "b": 15, "c": 6, "d": 6}
    assert awards["c"].tied and not awards["a"].tied


def test_members_of_a_team_of_five_or_six_get_part_of_its_award():
    """ "When a team has 5 or 6 members each of them receives 4/5 or 2/3 of the standard award" """
    assert [ABF.member_share(n) for n in (4, 5, 6)] == [1, Fraction(4, 5), Fraction(2, 3)]


def test_a_field_of_one_awards_nothing_and_says_why():
    awards = ABF.field_awards(Contest(competitors=1, boards=3), [Placed("a", 1)])
    assert awards.awards == () and "field of 1" in awards.refusal
