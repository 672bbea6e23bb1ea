"""A real Bridgemate night (tests/fixtures/bws): every result in, the standings, and again without doubling.

The file is an ACBL club's 11-table Mitchell (BCS, Access 97), 27 boards in 9 rounds, 297
results, players entered by ACBL number. Its repository holds no results of that night,
so the standings are checked against an independent computation from the file's own rows:
each contract scored by endplay, each board matchpointed by counting the scores it beats
and ties (SPEC decision 8), each pair's percentage the mean of its boards'.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from django.db.models import Q
from django.urls import reverse
from django.utils import translation
from endplay.types import Contract, Vul

from tests.exchange.bws_files import first_results, real_night, with_row_erased
from tests.module_world import rolled_back_at_the_end
from tournaments.bridge.formats.bws import Outcome, read_bws
from tournaments.bridge.words import words_for
from tournaments.core.models import Club, Player
from tournaments.exchange.access_files import access_tables
from tournaments.exchange.services.bws import BwsImport, bws_import
from tournaments.night.models import Result, Session, SessionState, Standing

pytestmark = pytest.mark.django_db


def _rows() -> list:
    return list(read_bws(access_tables(real_night())).section(None).results)


def _independent_standings() -> dict[tuple[str, int], float]:
    """Each pair's percentage worked out from the file's rows without ClubScore's scoring."""
    boards: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for row in _rows():
        if row.contract == "PASS":
            score = 0
        else:
            text = row.contract.replace("XX", "xx").replace("X", "x")
            level, rest = text[0], text[1:]
            strain = rest.rstrip("x")
            doubling = rest[len(strain) :]
            made = row.tricks - (int(level) + 6)
            contract = Contract(
                f"{level}{strain}{row.declarer}{doubling}{'=' if made == 0 else f'{made:+d}'}"
            )
            score = contract.score(Vul.from_board(row.board))
            score = score if row.declarer in "NS" else -score
        boards[row.board].append((row.ns_pair, row.ew_pair, score))
    percentages: dict[tuple[str, int], list[float]] = defaultdict(list)
    for results in boards.values():
        top = len(results) - 1
        for ns, ew, score in results:
            beaten = sum(1 for _, _, other in results if other < score)
            tied = sum(1 for _, _, other in results if other == score) - 1
            ns_points = beaten + tied / 2
            percentages[("NS", ns)].append(100 * ns_points / top)
            percentages[("EW", ew)].append(100 * (top - ns_points) / top)
    return {pair: sum(values) / len(values) for pair, values in percentages.items()}


@dataclass(frozen=True)
class World:
    club_pk: int
    imported: BwsImport  # the night's first import into the club; its session is read afresh per test


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """The ACBL club with the real night imported once, in a transaction rolled back at the
    module's end; each test runs in a savepoint of its own (``django_db``), so what one test
    imports again, erases or adds is gone for the next. The import was most of each test's
    time (some 1.5 s of CPU)."""
    with rolled_back_at_the_end(django_db_blocker):
        club = Club.objects.create(name="A club in California", slug="acbl-club")
        yield World(club.pk, bws_import(club=club, data=real_night()))


@pytest.fixture
def acbl_club(world) -> Club:
    return Club.objects.get(pk=world.club_pk)


@pytest.fixture
def imported(world) -> BwsImport:
    """The world's first import, its session read afresh (a test may change the one it holds)."""
    return replace(world.imported, session=Session.objects.get(pk=world.imported.session.pk))


def test_the_real_night_imports_every_result_scored_as_if_typed(imported):
    session = imported.session
    assert imported.created
    assert (session.name, str(session.date), session.state) == (
        "Bridge game",
        "2026-01-19",
        SessionState.PLAY,
    )
    assert (
        session.is_mitchell and not session.has_movement
    )  # its relayed 11-table movement is not ClubScore's
    assert imported.counts.added == 297
    assert Result.objects.filter(board__session=session).count() == 297
    assert session.boards.count() == 27
    assert session.pairs.filter(direction="NS").count() == session.pairs.filter(direction="EW").count() == 11
    stored = {
        (standing.pair.direction, standing.pair.number): standing.percentage
        for standing in Standing.objects.filter(session=session).select_related("pair")
    }
    expected = _independent_standings()
    assert stored.keys() == expected.keys()
    for pair, percentage in expected.items():
        assert stored[pair] == pytest.approx(percentage, abs=1e-9), pair


def test_the_players_are_the_numbers_the_tables_entered(imported):
    session = imported.session
    first = session.pairs.get(direction="NS", number=1)
    assert (first.player1.name, first.player1.federation_number) == ("Wayne Vondera", "2175878")
    assert first.player2.name == "David Silberman"


def _seat_of(player: Player, session: Session) -> str:
    """The seat a pair's player holds, told by the pair (player 1 sits North or East)."""
    pair = session.pairs.get(Q(player1=player) | Q(player2=player))
    first = pair.player1 == player
    seat = {"NS": ("North", "South"), "EW": ("East", "West")}[pair.direction][0 if first else 1]
    return f"{pair.direction} {pair.number}, {seat}"


def test_a_number_bcs_has_no_name_for_is_named_by_seat_and_kept_private(client, imported):
    """Issue 46, item 8: the number is his (the next night finds him), never his name."""
    session = imported.session
    nameless = Player.objects.get(federation_number="7646884")
    assert nameless.name == _seat_of(nameless, session)
    session.state = SessionState.FINISHED
    session.save(update_fields=["state"])
    surfaces = [
        reverse("session", args=[session.pk]),
        reverse("standings_csv", args=[session.pk]),
        reverse("player", args=[nameless.pk]),
        "/api/v1/players?q=7646884",
        f"/api/v1/players?q={nameless.name.split(',')[0]}",
        f"/api/v1/players/{nameless.pk}/history",
    ]
    for url in surfaces:
        response = client.get(url)
        assert response.status_code == 200, url
        assert b"7646884" not in response.content, url
    found = client.get(f"/api/v1/players?q={nameless.name.split(',')[0]}").json()["items"]
    assert nameless.name in [item["name"] for item in found]


FRENCH_SEATS = {"North": "Nord", "East": "Est", "South": "Sud", "West": "Ouest"}


def test_in_french_the_seat_is_named_the_french_way_and_another_clubs_number_is_not_taken(imported):
    """A French club imports the same night: the number is the first club's player's, so its own
    player at that seat is new, without the number, named in French ("EO" for East-West)."""
    english = Player.objects.get(federation_number="7646884")
    side_seat = _seat_of(english, imported.session)
    club = Club.objects.create(name="Club de Paris", slug="paris")
    with translation.override("fr"):
        session = bws_import(club=club, data=real_night()).session
    side, rest = side_seat.split(" ", 1)
    number, seat = rest.split(", ")
    expected = f"{words_for('fr').side(side)} {number}, {FRENCH_SEATS[seat]}"
    theirs = Player.objects.get(name=expected)
    assert theirs.federation_number == "" and _seat_of(theirs, session) == side_seat


def test_importing_the_same_night_again_doubles_nothing(acbl_club, imported):
    first = imported
    standings = list(Standing.objects.filter(session=first.session).values_list("pair_id", "percentage"))
    again = bws_import(club=acbl_club, data=real_night())
    assert again.session == first.session and not again.created
    assert (again.counts.added, again.counts.corrected, again.counts.removed) == (0, 0, 0)
    assert again.counts.unchanged == 297
    assert Session.objects.filter(club=acbl_club).count() == 1
    assert Result.objects.filter(board__session=first.session).count() == 297
    assert Player.objects.count() == 44
    assert (
        list(Standing.objects.filter(session=first.session).values_list("pair_id", "percentage")) == standings
    )


def test_the_night_as_it_grows_adds_only_what_is_new(world):
    # A club the night has not reached yet (the world's club has it whole).
    growing = Club.objects.create(name="A club in Oregon", slug="growing-club")
    early = bws_import(club=growing, data=first_results(real_night(), 100))
    assert early.counts.added == 100
    later = bws_import(club=growing, data=real_night())
    assert later.session == early.session
    assert (later.counts.added, later.counts.unchanged) == (197, 100)
    assert Result.objects.filter(board__session=later.session).count() == 297


def test_an_erased_result_goes_and_comes_back_when_entered_again(acbl_club, imported):
    session = imported.session
    erased = next(row for row in _rows() if row.row_id == 37)
    assert erased.outcome is Outcome.PLAYED
    gone = bws_import(club=acbl_club, data=with_row_erased(real_night(), 37))
    assert gone.counts.removed == 1
    board = session.boards.get(number=erased.board)
    assert not board.results.filter(ns_pair__number=erased.ns_pair).exists()
    assert Result.objects.filter(board__session=session).count() == 296
