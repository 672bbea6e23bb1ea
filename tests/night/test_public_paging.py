"""A congress's long lists come a page at a time: standings by field, a board's traveller.

The session is the congress benchmark's own (bench/congress_build.py) at 25 tables, with
pages of 10 rows, so three pages of each list; every page's rows, put together, must be
the whole list in its order, and no page may hold more than its size.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from bench.congress_build import congress_build
from tournaments.bridge.season.rating import expected_percentages, field_strength
from tournaments.night.models import Direction, Standing
from tournaments.night.selectors import pages
from tournaments.night.selectors.public import board_traveller
from tournaments.season.models import PlayerRating

pytestmark = pytest.mark.django_db

ROWS = 10


@pytest.fixture
def congress(monkeypatch):
    monkeypatch.setattr(pages, "STANDINGS_PAGE_ROWS", ROWS)
    monkeypatch.setattr(pages, "TRAVELLER_PAGE_ROWS", ROWS)
    return congress_build(tables=25, boards=2)


def _standings_pages(client, session) -> list:
    return [client.get(reverse("session", args=[session.pk]), {"page": n}).context for n in (1, 2, 3)]


def test_the_standings_pages_together_are_each_field_in_rank_order(client, congress):
    contexts = _standings_pages(client, congress)
    assert [context["page"].number for context in contexts] == [1, 2, 3]
    assert all(context["page"].count == 3 for context in contexts)
    for index, direction in enumerate((Direction.NS, Direction.EW)):
        shown = [standing.pk for context in contexts for standing in context["tables"][index].standings]
        expected = Standing.objects.filter(session=congress, pair__direction=direction).order_by(
            "rank", "pair__number"
        )
        assert shown == [standing.pk for standing in expected]
        assert all(len(context["tables"][index].standings) <= ROWS for context in contexts)


def test_the_field_section_shows_each_pages_pairs_measured_against_the_whole_field(client, congress):
    pairs = list(congress.pairs.order_by("number"))
    players = {player for pair in pairs for player in (pair.player1_id, pair.player2_id)}
    PlayerRating.objects.bulk_create(
        PlayerRating(player_id=player, rating=35 + player % 31, uncertainty=5, sessions=3)
        for player in players
    )
    contexts = _standings_pages(client, congress)
    ratings = dict(PlayerRating.objects.values_list("player_id", "rating"))
    for index, direction in enumerate((Direction.NS, Direction.EW)):
        field = [pair for pair in pairs if pair.direction == direction]
        teams = [(pair.player1_id, pair.player2_id) for pair in field]
        expected = dict(zip([pair.pk for pair in field], expected_percentages(teams, ratings), strict=True))
        shown = {}
        for context in contexts:
            view = context["fields"][index]
            assert view.strength == pytest.approx(field_strength(teams, ratings)) and view.pairs == len(field)
            on_page = [standing.pair_id for standing in context["tables"][index].standings]
            assert [row.pair.pk for row in view.rows] == on_page  # the page's pairs, in rank order
            shown.update({row.pair.pk: row.expected for row in view.rows})
        assert shown == pytest.approx(expected)  # every pair once, over the three pages


def test_the_traveller_pages_together_are_the_whole_traveller_in_order(client, congress):
    board = congress.boards.get(number=1)
    url = reverse("board", args=[congress.pk, 1])
    shown = []
    for number in (1, 2, 3):
        response = client.get(url, {"page": number})
        assert response.status_code == 200 and len(response.context["results"]) <= ROWS
        assert f"Traveller, page {number} of 3" in " ".join(response.content.decode().split())
        shown += [result.pk for result in response.context["results"]]
    assert shown == [result.pk for result in board_traveller(board)]


@pytest.mark.parametrize(("asked", "shown"), [("9", 3), ("0", 1), ("-2", 1), ("two", 1), ("", 1)])
def test_a_page_out_of_range_or_not_a_number_shows_the_nearest_page(client, congress, asked, shown):
    for name, args in (("session", [congress.pk]), ("board", [congress.pk, 2])):
        response = client.get(reverse(name, args=args), {"page": asked})
        assert response.status_code == 200
        assert response.context["page"].number == shown


def test_the_poll_of_a_later_page_answers_unchanged_for_its_own_stamp(client, congress):
    page = client.get(reverse("session", args=[congress.pk]), {"page": 2}).content.decode()
    stamp = re.search(r'data-stamp="([^"]+)"', page).group(1)
    assert 'standings/?page=2"' in page  # the page's poll asks for its own page
    poll = reverse("session_standings", args=[congress.pk])
    assert client.get(poll, {"page": 2, "since": stamp}).status_code == 204
    assert client.get(poll, {"page": 1, "since": stamp}).status_code == 200


def test_a_club_sized_session_has_no_pager(client, monkeypatch):
    session = congress_build(tables=8, boards=2, seed=8)
    assert 'class="pager"' not in client.get(reverse("session", args=[session.pk])).content.decode()
    assert 'class="pager"' not in client.get(reverse("board", args=[session.pk, 1])).content.decode()
