"""The analysis pages: who reads them (the player signed in, the public only if he allows it),
when (a finished session only), and what they say of what they cannot know."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.members.conftest import sign_in
from tests.season.conftest import played_night
from tournaments.analysis.models import AnalysisSharing
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Player
from tournaments.night.models import Pair, Result
from tournaments.night.services.movement import session_reopen
from tournaments.season.services.members import members_import

pytestmark = pytest.mark.django_db

NORTH = "north1@example.org"
EAST = "east1@example.org"


def _members(club) -> None:
    members_import(club=club, lines=[MemberLine(1, "North 1", "", NORTH), MemberLine(2, "East 1", "", EAST)])


def _evening(session, player: Player) -> str:
    return reverse("player_evening", args=[session.pk, player.pk])


def test_the_player_signed_in_reads_his_analysis_and_no_one_else_does(client, club, night) -> None:
    session, _ = night
    _members(club)
    north = Player.objects.get(name="North 1")
    east = Player.objects.get(name="East 1")
    assert client.get(_evening(session, north)).status_code == 404  # the public, before he allows it
    sign_in(client, NORTH)
    page = client.get(_evening(session, north))
    assert page.status_code == 200 and "Analysis: North 1" in page.content.decode()
    assert client.get(_evening(session, east)).status_code == 404  # another member's
    assert client.get(reverse("player_season", args=[east.pk])).status_code == 404
    assert client.post(reverse("my_analysis_sharing", args=[east.pk]), {"public": "on"}).status_code == 404
    assert not AnalysisSharing.objects.filter(player=east).exists()


def test_the_public_reads_it_once_he_allows_it_on_his_page_by_his_initials_if_he_asked(club, night) -> None:
    session, _ = night
    _members(club)
    north = Player.objects.get(name="North 1")
    Player.objects.filter(pk=north.pk).update(shown_by_initials=True)
    member, public = Client(), Client()
    sign_in(member, NORTH)
    mine = member.get(reverse("my_player", args=[north.pk])).content.decode()
    assert _evening(session, north) in mine and "Let the public read my analysis" in mine
    response = member.post(reverse("my_analysis_sharing", args=[north.pk]), {"public": "on"})
    assert response.status_code == 302
    page = public.get(_evening(session, north)).content.decode()
    assert "Analysis: N. 1" in page and "North 1" not in page.split("<h1>")[1].split("</h1>")[0]
    assert _evening(session, north) in public.get(session.get_absolute_url()).content.decode()
    assert public.get(reverse("player_season", args=[north.pk])).status_code == 200
    member.post(reverse("my_analysis_sharing", args=[north.pk]), {})
    assert public.get(_evening(session, north)).status_code == 404


def test_a_reopened_session_hides_its_analysis_again(client, night) -> None:
    session, _ = night
    north = Player.objects.get(name="North 1")
    AnalysisSharing.objects.create(player=north, public=True)
    assert client.get(_evening(session, north)).status_code == 200
    assert "against double-dummy" in client.get(reverse("board", args=[session.pk, 1])).content.decode()
    session_reopen(session=session)
    page = client.get(_evening(session, north))
    assert page.status_code == 404 and "once the session is finished" in page.content.decode()
    assert (
        "Every table against double-dummy"
        not in client.get(reverse("board", args=[session.pk, 1])).content.decode()
    )


def test_the_partnership_view_shows_both_players_who_share(client, night) -> None:
    session, _ = night
    pair = Pair.objects.get(session=session, direction="NS", number=1)
    assert client.get(reverse("pair_evening", args=[session.pk, pair.pk])).status_code == 404
    AnalysisSharing.objects.create(player=pair.player1, public=True)
    AnalysisSharing.objects.create(player=pair.player2, public=True)
    page = client.get(reverse("pair_evening", args=[session.pk, pair.pk])).content.decode()
    assert "North 1's evening" in page and "South 1's evening" in page


def test_a_night_without_deals_or_leads_says_what_it_cannot_know(client, club) -> None:
    session = played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay")], [10])
    ann = Player.objects.get(name="Ann")
    AnalysisSharing.objects.create(player=ann, public=True)
    page = client.get(_evening(session, ann)).content.decode()
    assert "No hand record: double-dummy is not known." in page
    assert "Not known" in page and "available" not in page


def test_an_adjusted_score_is_not_analysed(client, night) -> None:
    session, _ = night
    result = Result.objects.filter(board__session=session, board__number=1).first()
    Result.objects.filter(pk=result.pk).update(
        contract="", declarer="", tricks=None, ns_score=None, ns_adjustment="A", ew_adjustment="A"
    )
    AnalysisSharing.objects.create(player=result.ns_pair.player1, public=True)
    page = client.get(_evening(session, result.ns_pair.player1)).content.decode()
    assert "An adjusted score: no contract was played." in page


def test_the_season_page_draws_its_chart(client, night) -> None:
    session, _ = night
    north = Player.objects.get(name="North 1")
    AnalysisSharing.objects.create(player=north, public=True)
    page = client.get(reverse("player_season", args=[north.pk])).content.decode()
    charts = re.findall(r'<svg class="chart analysis-chart".*?</svg>', page, re.S)
    # Declarer play against double-dummy; his leads that cost a trick; his contracts worse
    # than the field's: each his and the field's, one month, so a point each and no line.
    assert [re.findall(r"<title>(.*?)</title>", chart)[0] for chart in charts] == [
        "Declarer play against double-dummy, by month (tricks)",
        "Leads that cost a trick, by month (percentage of leads)",
        "Contracts worse than the field&#x27;s, by month (percentage of contracts)",
    ]
    # North 1 never led (the night's declarers are North and East): the field's point alone.
    assert [chart.count("<circle") for chart in charts] == [2, 1, 2]
    assert not any("<polyline" in chart for chart in charts)
    assert "100%" in charts[1] and "+1" in charts[0]


def test_the_season_figures_are_his_evenings_boards(night) -> None:
    from tournaments.analysis.models import EveningTally
    from tournaments.analysis.selectors.evening import player_evening
    from tournaments.bridge.analysis.roles import Role
    from tournaments.bridge.analysis.verdicts import Kind

    session, _ = night
    for player in Player.objects.filter(name__in=["North 1", "East 2"]):
        lines = player_evening(session, player).lines
        tallies = EveningTally.objects.get(session=session, player=player).tallies
        declared = [
            ln.reading.tricks_against_double_dummy for ln in lines if ln.reading.role is Role.DECLARER
        ]
        assert tallies["declarer"] == [len(declared), sum(declared)]
        led = [
            ln.reading.lead.cost > 0 for ln in lines if ln.reading.role is Role.ON_LEAD and ln.reading.lead
        ]
        assert tallies["leads"] == [len(led), sum(led)]
        bid = [ln.reading.verdict.kind is Kind.AUCTION and ln.reading.verdict.points > 0 for ln in lines]
        assert tallies["bidding"] == [len(lines), sum(bid)] and tallies["auction_verdicts"] == sum(bid)
        assert tallies["gifts"] == sum(ln.reading.verdict.gift for ln in lines)
        assert tallies["fixes"] == sum(ln.reading.verdict.fix for ln in lines)


def test_the_season_compares_his_auction_verdicts_with_the_fields(client, night) -> None:
    from tournaments.analysis.models import EveningTally

    session, _ = night
    north = Player.objects.get(name="North 1")
    AnalysisSharing.objects.create(player=north, public=True)
    field = EveningTally.objects.get(session=session, player=None).tallies["bidding"]
    assert field[0] == 2 * Result.objects.filter(board__session=session).count()  # each side of each table
    mine = EveningTally.objects.get(session=session, player=north).tallies["bidding"]
    page = client.get(reverse("player_season", args=[north.pk])).content.decode()
    row = re.search(r"<tbody><tr>(.*?)</tr>", page, re.S)
    assert row is not None
    cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1))
    assert cells[-4:-2] == [f"{mine[1]} / {mine[0]}", f"{round(100 * field[1] / field[0])}%"]
