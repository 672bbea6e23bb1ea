"""Stratified games through the ledger and the pages (issue 30): Scorer's real 13-table Mitchell
imported into an ACBL club, its players' holdings from the member list, stratified 750/300,
finished; each pair's award checked against the ACBL Handbook's arithmetic worked out here
on its own (0.10 a pair of the group, 70%, 50%, 35%, 1/k; depth 40%; the best award a pair).
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.conftest import a_director, riverside_club
from tests.federation.test_ledger import FIXTURES
from tests.module_world import rolled_back_at_the_end
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import usebio_import
from tournaments.federation.models import MasterPointAward
from tournaments.federation.services.strata import session_strata_set
from tournaments.night.models import Pair, Session, Standing, StrataBasis
from tournaments.night.services.movement import session_finish
from tournaments.season.models import ClubMember, PlayerRating

pytestmark = pytest.mark.django_db

LIMITS = [Decimal(750), Decimal(300)]
# Holdings of a pair's two players by its number: 1-3 hold A's, then B and C in turn.
HOLDINGS = {
    "A": (Decimal(2000), Decimal(40)),
    "B": (Decimal(500), Decimal(100)),
    "C": (Decimal(250), Decimal(12)),
}


def _stratum_by_number(number: int) -> str:
    return "A" if number <= 3 else "B" if number % 2 else "C"


@dataclass(frozen=True)
class World:
    director_pk: int
    club_pk: int
    night_pk: int


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """The ACBL club and its imported, stratifiable night, built once for the module, in a
    transaction rolled back at its end; each test runs in a savepoint of its own (``django_db``),
    so what one test writes (strata, a finish, awards) is gone for the next. The import and
    the members were a second of each test's setup."""
    with rolled_back_at_the_end(django_db_blocker):
        director = a_director()
        club = riverside_club(director)
        Club.objects.filter(pk=club.pk).update(federation="acbl")
        club.refresh_from_db()
        session = usebio_import(club=club, data=(FIXTURES / "scorer-pairs.xml").read_bytes()).session
        for pair in Pair.objects.filter(session=session):
            for player_id, holding in zip(
                (pair.player1_id, pair.player2_id), HOLDINGS[_stratum_by_number(pair.number)], strict=True
            ):
                ClubMember.objects.get_or_create(
                    club=club, player_id=player_id, defaults={"holdings": holding}
                )
        yield World(director.pk, club.pk, session.pk)


# Each test reads the world's rows afresh: an object kept from another test would carry what
# that test changed in memory.
@pytest.fixture
def director(world):
    return get_user_model().objects.get(pk=world.director_pk)


@pytest.fixture
def club(world) -> Club:
    return Club.objects.get(pk=world.club_pk)


@pytest.fixture
def night(world) -> Session:
    return Session.objects.get(pk=world.night_pk)


def _handbook_award(place: int, group: int) -> Fraction:
    """The Handbook's award of an untied place in a group of ``group`` pairs (0 past the depth)."""
    depth = int(Fraction(2, 5) * group + Fraction(1, 2))
    if place > depth:
        return Fraction(0)
    first = min(Fraction(group, 10), Fraction(3, 2))
    factor = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(7, 20)}.get(
        place, Fraction(1, place)
    )
    return Fraction(int(first * factor * 100 + Fraction(1, 2)), 100)


def _expected(session) -> dict[int, Decimal]:
    """Each pair's best award over A, B and C, the Handbook's way (the file's field has no tie
    within the first places of any stratum, which this helper checks)."""
    expected: dict[int, Decimal] = {}
    for direction in ("NS", "EW"):
        standings = sorted(
            Standing.objects.filter(session=session, pair__direction=direction).select_related("pair"),
            key=lambda standing: standing.rank,
        )
        for members in ("ABC", "BC", "C"):
            group = [s for s in standings if _stratum_by_number(s.pair.number) in members]
            for place, standing in enumerate(group, start=1):
                if place <= 6:
                    assert sum(1 for other in group if other.rank == standing.rank) == 1
                award = Decimal(str(float(_handbook_award(place, len(group))))).quantize(
                    Decimal("0.01"), ROUND_HALF_UP
                )
                if award > expected.get(standing.pair_id, Decimal(0)):
                    expected[standing.pair_id] = award
    return {pair: points for pair, points in expected.items() if points}


def test_each_pair_of_a_stratified_acbl_game_holds_its_best_award(night):
    session_strata_set(session=night, basis=StrataBasis.HOLDINGS, limits=LIMITS)
    strata = {pair.number: pair.stratum for pair in Pair.objects.filter(session=night, direction="NS")}
    assert strata == {number: "ABC".index(_stratum_by_number(number)) for number in strata}
    session_finish(session=night)
    awarded = {}
    for award in MasterPointAward.objects.filter(session=night):
        awarded.setdefault(award.pair_id, award.points)
    assert awarded == _expected(night)
    assert MasterPointAward.objects.filter(session=night, stratum="B").exists()


def test_the_strata_of_a_finished_night_write_its_awards_again_and_unstratified_is_open(night):
    session_finish(session=night)
    open_game = set(MasterPointAward.objects.filter(session=night).values_list("pair_id", "points"))
    session_strata_set(session=night, basis=StrataBasis.HOLDINGS, limits=LIMITS)
    assert set(MasterPointAward.objects.filter(session=night).values_list("pair_id", "points")) != open_game
    session_strata_set(session=night, basis="", limits=[])
    assert set(MasterPointAward.objects.filter(session=night).values_list("pair_id", "points")) == open_game
    assert not Pair.objects.filter(session=night, stratum__isnull=False).exists()


def test_by_rating_the_stronger_players_rating_decides_and_unrated_is_a(night):
    pair = Pair.objects.filter(session=night).order_by("pk").first()
    PlayerRating.objects.create(player_id=pair.player1_id, rating=44.0, uncertainty=2, sessions=5)
    PlayerRating.objects.create(player_id=pair.player2_id, rating=49.0, uncertainty=2, sessions=5)
    session_strata_set(session=night, basis=StrataBasis.RATING, limits=[Decimal(55), Decimal(45)])
    pair.refresh_from_db()
    assert pair.stratum == 1  # 49 is under 55, not under 45: B
    assert set(Pair.objects.filter(session=night).exclude(pk=pair.pk).values_list("stratum", flat=True)) == {
        0
    }


def test_a_pair_seated_after_the_strata_gets_one_when_the_night_finishes(night):
    session_strata_set(session=night, basis=StrataBasis.HOLDINGS, limits=LIMITS)
    Pair.objects.filter(session=night, number=5).update(stratum=None)
    session_finish(session=night)
    assert Pair.objects.get(session=night, number=5, direction="NS").stratum == 1


# --- The pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("posted", "said"),
    [
        ({"strata_basis": "holdings", "limit_b": "lots"}, "B's limit is a number"),
        ({"strata_basis": "holdings", "limit_b": "300", "limit_c": "750"}, "below B's"),
        ({"strata_basis": "holdings"}, "one limit or two"),
        ({"strata_basis": "magic", "limit_b": "300"}, "holdings or by rating"),
    ],
)
def test_the_strata_page_refuses_what_makes_no_strata(director_client, night, posted, said):
    response = director_client.post(reverse("director:session_strata", args=[night.pk]), posted)
    assert response.status_code == 400 and said in html.unescape(response.content.decode())
    night.refresh_from_db()
    assert not night.is_stratified


def test_the_director_stratifies_and_both_pages_show_the_strata(director_client, client, night):
    url = reverse("director:session_strata", args=[night.pk])
    response = director_client.post(url, {"strata_basis": "holdings", "limit_b": "750", "limit_c": "300"})
    assert response.status_code == 302
    page = director_client.get(url).content.decode()
    assert "500, 100" in page  # a B pair's holdings, as the stratum read them
    session_finish(session=night)
    director_page = director_client.get(reverse("director:session", args=[night.pk])).content.decode()
    assert "Standings by stratum" in director_page and "Stratum C · North-South" in director_page
    public = client.get(reverse("session", args=[night.pk])).content.decode()
    assert "Stratum B" in public and "(B)" in public  # a strat award's place names its stratum


def test_another_clubs_director_may_not_stratify(client, night, django_user_model):
    other = django_user_model.objects.create_user("other-director", password="x-very-secret-pw")
    Club.objects.create(name="Other", slug="other").directors.add(other)
    client.force_login(other)
    assert client.post(reverse("director:session_strata", args=[night.pk]), {}).status_code == 403


def test_the_acbl_report_names_each_awards_strat_and_direction(director_client, club, night):
    """Issue 45, item 5: a strat award is written as ACBLscore reports it (the strat's letter, the
    direction, the place in that strat), not a bare "2" beside the open field's "2"."""
    session_strata_set(session=night, basis=StrataBasis.HOLDINGS, limits=LIMITS)
    session_finish(session=night)
    month = f"{night.date:%Y-%m}"
    response = director_client.get(reverse("director:master_points_acbl", args=[club.slug]), {"month": month})
    header, *rows = csv.reader(io.StringIO(response.content.decode("utf-8-sig")))
    assert header == [
        "ACBL player number", "Player", "Date", "Event", "Strat", "Direction", "Place", "Masterpoints",
    ]  # fmt: skip
    awards = MasterPointAward.objects.filter(session=night).select_related("pair", "player")
    directions = {"NS": "N-S", "EW": "E-W"}
    expected = {
        (
            award.player.federation_number,
            award.stratum or "A",
            directions[award.pair.direction],
            f"{award.place}{'=' if award.tied else ''}",
        )
        for award in awards
    }
    assert {(row[0], row[4], row[5], row[6]) for row in rows} == expected
    assert {"A", "B"} <= {row[4] for row in rows}
    # A place of a strat and direction is one pair's (the field has no tie in its first places):
    # the rows that read "2" are told apart by their strat and direction.
    pairs_at: dict[tuple[str, str, str], set[int]] = {}
    for award in awards:
        key = (award.stratum or "A", award.pair.direction, str(award.place))
        pairs_at.setdefault(key, set()).add(award.pair_id)
    assert all(len(pairs) == 1 for pairs in pairs_at.values())
    assert max(sum(1 for key in pairs_at if key[2] == place) for place in {key[2] for key in pairs_at}) >= 2


def test_the_standings_files_carry_each_strata_place_and_the_awards_the_page_shows(client, night):
    """Issue 45, item 5: the download holds each pair's stratum, its places in strata B and C and
    its master points, as the session's page shows them."""
    session_strata_set(session=night, basis=StrataBasis.HOLDINGS, limits=LIMITS)
    session_finish(session=night)
    response = client.get(reverse("standings_csv", args=[night.pk]))
    header, *rows = csv.reader(io.StringIO(response.content.decode("utf-8-sig")))
    assert header[-5:] == ["Stratum", "Rank in B", "Rank in C", "Award place", "Master points"]
    by_number = {
        (row[header.index("Pair")].split()[1], int(row[header.index("Pair")].split()[0])): row for row in rows
    }
    for direction in ("NS", "EW"):
        standings = sorted(
            Standing.objects.filter(session=night, pair__direction=direction).select_related("pair"),
            key=lambda standing: standing.rank,
        )
        for stratum, members in (("B", "BC"), ("C", "C")):
            group = [s for s in standings if _stratum_by_number(s.pair.number) in members]
            for place, standing in enumerate(group[:6], start=1):  # no tie there (``_expected``)
                assert by_number[(direction, standing.pair.number)][
                    header.index(f"Rank in {stratum}")
                ] == str(place)
        for standing in standings:
            row = by_number[(direction, standing.pair.number)]
            assert row[header.index("Stratum")] == _stratum_by_number(standing.pair.number)
            if _stratum_by_number(standing.pair.number) == "A":
                assert row[header.index("Rank in B")] == row[header.index("Rank in C")] == ""
    expected = _expected(night)
    awarded = {
        pair.pk: by_number[(pair.direction, pair.number)][header.index("Master points")]
        for pair in Pair.objects.filter(session=night)
    }
    assert {pk: Decimal(points) for pk, points in awarded.items() if points} == expected
    places = {row[header.index("Award place")] for row in rows if row[header.index("Award place")]}
    assert any("(B)" in place for place in places)  # a strat award names its stratum, as on the page
