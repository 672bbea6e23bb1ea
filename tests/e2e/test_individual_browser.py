"""An individual night in the browser: the director seats twelve players, three phones show
each player his seat and partner, and the individual standings credit each partnership.

A 3-table individual (bridge.individual's 11-round whist, two rounds of one board here):
round 1 seats N 12, E 1, S 9, W 11 at table 1; N 2, E 7, S 8, W 4 at table 2; N 3, E 6,
S 5, W 10 at table 3, all on board 1.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.e2e.test_browser import DESKTOP, PHONE, browser  # noqa: F401 (fixtures)
from tests.e2e.test_table_entry_browser import _enter
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Movement, Session, TableAccess
from tournaments.night.services.movement import (
    movement_boards_ensure,
    session_create_with_movement,
    session_start,
)
from tournaments.night.services.table_entry import table_accesses_ensure

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Bea", "Cal", "Dot", "Eli", "Fay", "Gil", "Hal", "Ivy", "Jon", "Kim", "Lou"]  # players 1..12


@pytest.fixture
def night(club) -> Session:
    return session_create_with_movement(
        club=club,
        date=datetime.date(2026, 12, 24),
        name="Christmas individual",
        movement=Movement.INDIVIDUAL,
        tables=3,
        boards_per_round=1,
        rounds=2,
    )


def _seat_players(browser, live_server, session: Session) -> None:  # noqa: F811
    page = browser.new_context(viewport=DESKTOP).new_page()
    url = reverse("director:individual_players", args=[session.pk])
    page.goto(f"{live_server.url}{reverse('login')}?next={url}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{url}")
    page.fill("#id_players", "\n".join(NAMES))
    page.get_by_role("button", name="Seat the players").click()
    page.get_by_text("Seated 12 players.").wait_for(timeout=WAIT_MS)
    assert page.locator("table tbody tr").nth(11).inner_text().split() == ["12", "Lou"]


def test_an_individual_night_from_seating_to_standings(browser, live_server, night):  # noqa: F811
    _seat_players(browser, live_server, night)
    movement_boards_ensure(session=night)
    table_accesses_ensure(night)
    session_start(session=night)

    phones = {}
    for access in TableAccess.objects.filter(session=night).order_by("table"):
        page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.goto(f"{live_server.url}{reverse('table_entry', args=[access.token])}")
        page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
        phones[access.table] = page
    seats = phones[1].locator(".table-pair")
    assert "N Lou · S Ivy" in seats.nth(0).inner_text()  # each player reads his seat and partner
    assert "E Ann · W Kim" in seats.nth(1).inner_text()
    assert "N Bea · S Hal" in phones[2].locator(".table-pair").nth(0).inner_text()

    # Board 1 at every table: NS 3NT= (400), 3NT+1 (430), 3NT-1 (-50).
    _enter(phones[1], 1, 3, "NT", "N", "=")
    moves = phones[1].locator("section.moves")
    moves.wait_for(timeout=WAIT_MS)  # each player, not each partnership, is told where to go
    for line in ("N 12 Lou: table 1, North", "E 1 Ann: table 1, West", "S 9 Ivy: table 2, South"):
        assert line in moves.inner_text()
    _enter(phones[2], 1, 3, "NT", "N", "+1")
    _enter(phones[3], 1, 3, "NT", "N", "-1")

    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{live_server.url}{reverse('session', args=[night.pk])}")
    page.locator("#individual-standings-link").click()
    rows = page.locator("#individual-standings tbody tr")
    rows.first.wait_for(timeout=WAIT_MS)
    table = [rows.nth(i).inner_text().split("\t") for i in range(rows.count())]
    by_name = {row[2]: (row[0], row[5]) for row in table}
    # Table 2's NS (Bea, Hal) and table 3's EW (Fay, Jon) top the board; table 1 scores half.
    for name in ("Bea", "Hal", "Fay", "Jon"):
        assert by_name[name] == ("1=", "100.00")
    for name in ("Lou", "Ivy", "Ann", "Kim"):
        assert by_name[name] == ("5=", "50.00")
    for name in ("Cal", "Eli", "Gil", "Dot"):
        assert by_name[name] == ("9=", "0.00")
