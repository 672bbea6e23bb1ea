"""A two-session pairs event in headless Chromium, as a director runs it and players read it.

The director creates the event, adds the night's Mitchell (seated beforehand), starts it,
types each board's traveller and finishes it; the event ranks after session 1. Then the
event makes session 2 (the same movement, the same pairs seated), the director creates its
boards, plays and finishes it, and players read the event's public ranking: each session's
percentage and the mean carried, a tie on the mean decided by the last session.
Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import DESKTOP, _log_in, browser  # noqa: F401 (fixture)
from tests.e2e.waiting import read_when_unlocked
from tournaments.night.models import Session, Standing
from tournaments.season.models import Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 3
# Each board's traveller, a line a table (NS pair k sits at table k all night).
NIGHT_1 = ["4SN+1", "4SN=", "4SN-1"]  # NS 1 tops every board, NS 3 bottoms it
NIGHT_2 = ["4SN=", "4SN+1", "4SN-1"]  # NS 2 tops every board


def _play_the_night(page, session: Session, lines: list[str]) -> None:
    """Start play from the session page, type every board's traveller, finish the session."""
    page.goto(page.url.split("/director/")[0] + reverse("director:session", args=[session.pk]))
    page.get_by_role("link", name="Start play").click()
    page.get_by_role("button", name="Yes, start play").click()
    expect(page.locator(".messages")).to_contain_text("Play started.")
    for board in range(1, TABLES + 1):
        page.goto(
            page.url.split("/director/")[0] + reverse("director:board_traveller", args=[session.pk, board])
        )
        expect(page.locator("#id_l0-contract")).to_be_focused()
        for typed in lines:
            page.keyboard.type(typed)
            page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_contain_text(f"Board {board}: {TABLES} entered")
    page.goto(page.url.split("/director/")[0] + reverse("director:session", args=[session.pk]))
    page.get_by_role("link", name="Finish session").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    expect(page.locator(".messages")).to_contain_text("Session finished")


def _ns_ranking(page) -> list[list[str]]:
    table = page.locator("table.event-ranking").first
    return [row.locator("td").all_inner_texts() for row in table.locator("tbody tr").all()]


def test_a_two_session_event_carries_each_pairs_percentage_into_one_ranking(browser, live_server, club):  # noqa: F811
    first = seated_mitchell(
        club, name="Spring pairs, session 1", tables=TABLES, boards_per_round=1, rounds=TABLES
    )
    page = _log_in(browser, live_server, reverse("director:events", args=[club.slug]))

    page.fill("#id_name", "Spring pairs")
    page.select_option("#id_method", value="percentage")
    page.get_by_role("button", name="Create the event").click()
    event = read_when_unlocked(lambda: Event.objects.get(name="Spring pairs"))
    page.wait_for_url(f"**{reverse('director:event', args=[club.slug, event.pk])}")
    page.select_option("#id_session", value=str(first.pk))
    page.get_by_role("button", name="Add this session").click()
    expect(page.locator(".messages")).to_contain_text("Spring pairs, session 1 added to the event.")

    _play_the_night(page, first, NIGHT_1)
    page.goto(f"{live_server.url}{reverse('director:event', args=[club.slug, event.pk])}")
    expect(page.locator("main")).to_contain_text("Ranking after 1 of 1 session.")
    assert _ns_ranking(page)[0][:2] == ["1", "North 1 - South 1"]

    # Session 2 from the event: the same movement, the same pairs in the same seats.
    page.fill("#id_date", "2026-11-30")
    expect(page.locator("#id_name")).to_have_value("Spring pairs, session 2")  # suggested
    page.get_by_role("button", name="Create the next session").click()
    expect(page.locator(".messages")).to_contain_text("created with the event's pairs seated")
    second = read_when_unlocked(lambda: Session.objects.get(name="Spring pairs, session 2"))
    expect(page.locator("main")).to_contain_text("Spring pairs: session 2 of 2")
    page.get_by_role("button", name=f"Create boards 1-{TABLES}").click()
    expect(page.get_by_role("link", name="Start play")).to_be_visible()
    _play_the_night(page, second, NIGHT_2)

    # A player reads the public ranking: NS 1 (100% then 50%) and NS 2 (50% then 100%) both
    # carry 75%; the tie goes to NS 2, better in the last session.
    player = browser.new_context(viewport=DESKTOP).new_page()
    player.goto(f"{live_server.url}{club.get_absolute_url()}")
    player.get_by_role("link", name="Spring pairs", exact=True).click()
    player.wait_for_url(f"**{event.get_absolute_url()}")
    expect(player.locator("main")).to_contain_text("Ranking after 2 of 2 sessions.")
    assert _ns_ranking(player) == [
        ["1", "North 2 - South 2", "50.00", "100.00", "75.00", "2 → 1"],
        ["2", "North 1 - South 1", "100.00", "50.00", "75.00", "1 → 2"],
        ["3", "North 3 - South 3", "0.00", "0.00", "0.00", "3 → 3"],
    ]
    stored = read_when_unlocked(
        lambda: {
            (standing.session_id, standing.pair.number): standing.percentage
            for standing in Standing.objects.filter(pair__direction="NS").select_related("pair")
        }
    )
    assert stored[(first.pk, 2)] == 50.0 and stored[(second.pk, 2)] == 100.0
    # Every East-West pair met each North-South pair once a night: 50% each, sharing first place.
    ew = player.locator("table.event-ranking").nth(1).locator("tbody tr td.rank").all_inner_texts()
    assert ew == ["1=", "1=", "1="]
