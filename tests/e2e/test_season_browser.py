"""The season in headless Chromium: a director merges a player entered twice, and creates a
championship whose public table shows each player's counted and dropped sessions.

Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_browser import _log_in, browser  # noqa: F401 (fixture)
from tests.season.conftest import played_night
from tournaments.core.models import Player
from tournaments.night.models import Pair
from tournaments.season.models import Competition, PlayerMerge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def season(club):
    """Three finished nights; the third has 'Änn' for Ann, and Ann and Bob sat together."""
    return [
        played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")], [10, 8]),
        played_night(club, 8, [("Ann", "Cat"), ("Bob", "Dan"), ("Eve", "Gus"), ("Fay", "Hal")], [9, 11]),
        played_night(club, 15, [("Dan", "Eve"), ("Änn", "Fay"), ("Bob", "Gus"), ("Cat", "Hal")], [10, 9]),
    ]


def test_a_director_merges_a_player_entered_twice_after_confirming(browser, live_server, season):  # noqa: F811
    ann, other = Player.objects.get(name="Ann"), Player.objects.get(name="Änn")
    page = _log_in(browser, live_server, reverse("director:duplicates"))
    row = page.locator("table.duplicates tbody tr")
    assert row.count() == 1 and "same name but for case, accents or spacing" in row.inner_text()

    page.get_by_role("link", name="Keep Ann").click()
    page.wait_for_url(f"**{reverse('director:merge', args=[ann.pk, other.pk])}")
    assert page.locator("h1").inner_text() == "Merge Änn into Ann?"
    assert Player.objects.filter(pk=other.pk).exists()  # nothing happens before the confirmation

    page.get_by_role("button", name="Merge").click()
    page.wait_for_url(f"**{reverse('director:duplicates')}")
    assert "Änn merged into Ann: 1 session moved." in page.locator(".messages").inner_text()
    assert "No likely duplicates." in page.locator("main").inner_text()
    assert Pair.objects.get(session=season[2], number=2).player1 == ann

    # Two people who sat in one session: refused with the reason, nothing changed.
    bob = Player.objects.get(name="Bob")
    page.goto(f"{live_server.url}{reverse('director:merge', args=[ann.pk, bob.pk])}")
    page.get_by_role("button", name="Merge").click()
    page.wait_for_url(f"**{reverse('director:duplicates')}")
    assert "Not merged: Ann and Bob both played in" in page.locator(".messages").inner_text()
    assert PlayerMerge.objects.count() == 1 and Player.objects.filter(pk=bob.pk).exists()


def test_a_director_creates_a_championship_and_players_see_counted_and_dropped_nights(
    browser,  # noqa: F811
    live_server,
    club,
    season,
):
    page = _log_in(browser, live_server, reverse("director:competition_new", args=[club.slug]))
    page.fill("#id_name", "Autumn championship")
    page.select_option("#id_method", value="percentages")
    page.fill("#id_best_of", "2")
    page.fill("#id_minimum_sessions", "2")
    for session in season:
        page.check(f"input[name=sessions][value='{session.pk}']")
    page.get_by_role("button", name="Save").click()
    competition = Competition.objects.get(name="Autumn championship")
    page.wait_for_url(f"**{competition.get_absolute_url()}")

    assert "best 2 of 3" in page.locator("main").inner_text()
    rows = page.locator("table.competition tbody tr")
    assert rows.count() == 9  # eight players and Änn, not merged: she played once
    first = rows.nth(0).locator("td")
    assert first.nth(0).inner_text().startswith("1")
    assert first.nth(3).inner_text() == "3" and first.nth(5).locator("s").count() == 1
    last = rows.nth(8).locator("td")
    assert last.nth(0).inner_text() == "–" and last.nth(1).inner_text() == "Änn"  # one night: unranked
    # The club's public page links to the championship.
    page.goto(f"{live_server.url}{club.get_absolute_url()}")
    page.get_by_role("link", name="Autumn championship").click()
    page.wait_for_url(f"**{competition.get_absolute_url()}")
