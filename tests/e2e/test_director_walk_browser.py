"""A new director's evening in headless Chromium: at each step the session page offers what
can be done next, and only that.

Create a session (dated today), set its movement, seat the pairs where the page asks, create
the boards, start play (offered only then), enter a result, finish. Uses the browser of
``test_browser`` (Debian's chromium; skipped without it, failed on CI). The screenshot
is the README's ``session-steps.png`` (``make screenshots``).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.e2e.test_browser import _log_in, browser, screenshots  # noqa: F401 (fixtures)
from tournaments.night.models import Session, SessionState

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES, BOARDS_PER_ROUND, ROUNDS = 3, 2, 3
BOARDS = TABLES * BOARDS_PER_ROUND


def _offers(page) -> set[str]:
    """The session page's actions a director can take now: its visible buttons (and links drawn as
    buttons: Start play and Finish session lead to their confirm page, issue 24 point 12)."""
    buttons = page.locator("main button:visible, main a.button:visible").all_inner_texts()
    return {" ".join(text.split()) for text in buttons}


def _waiting(page) -> str:
    return " ".join(page.locator("#play").inner_text().split())


def test_a_new_director_walks_the_evening_and_is_offered_only_the_next_step(
    browser,  # noqa: F811
    live_server,
    club,
    screenshots,  # noqa: F811
):
    page = _log_in(browser, live_server, reverse("director:session_new"))

    # Creating a session: the date is today's, the director only names it and its movement.
    assert page.input_value("#id_date") == timezone.localdate().isoformat()
    page.fill("#id_name", "Tuesday pairs")
    page.select_option("#id_movement", value="mitchell")
    page.fill("#id_tables", str(TABLES))
    page.fill("#id_boards_per_round", str(BOARDS_PER_ROUND))
    page.fill("#id_rounds", str(ROUNDS))
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/director/sessions/*/")
    session = Session.objects.get(name="Tuesday pairs")
    assert session.date == timezone.localdate()

    # Movement set, nobody seated: the tables are empty, not sit-outs; play cannot start yet.
    assert "Now seat the pairs" in page.locator(".messages").inner_text()
    chart = page.locator("table.movement-chart")
    assert "sit-out" not in chart.inner_text() and "not seated yet" in chart.inner_text()
    assert "Start play" not in _offers(page) and "Finish session" not in _offers(page)
    assert "Play can start once you seat the pairs and create or deal the boards." in _waiting(page)
    # The seating form is where the page asks for it: in the pairs step, above the boards.
    seat_form = page.locator("#seat-pairs")
    assert seat_form.is_visible() and page.locator("#id_player1").is_visible()
    assert seat_form.bounding_box()["y"] < page.locator("#boards").bounding_box()["y"]
    assert page.locator("#pairs").bounding_box()["y"] < page.locator("#standings").bounding_box()["y"]

    for number in range(1, TABLES + 1):
        for direction, seats in (("NS", ("North", "South")), ("EW", ("East", "West"))):
            page.fill("#id_player1", f"{seats[0]} {number}")
            page.fill("#id_player2", f"{seats[1]} {number}")
            page.select_option("#id_direction", value=direction)
            page.get_by_role("button", name="Add pair").click()
            page.wait_for_load_state()
    assert session.pairs.count() == 2 * TABLES
    assert "sit-out" not in chart.inner_text() and "not seated yet" not in chart.inner_text()

    # Pairs seated, no boards: the boards step offers the movement's boards, play still waits.
    assert "Play can start once you create or deal the boards." in _waiting(page)
    assert "Start play" not in _offers(page)
    assert page.input_value("#id_count_boards") == str(BOARDS)
    page.get_by_role("button", name=f"Create boards 1-{BOARDS}").click()
    page.wait_for_load_state()
    assert session.boards.count() == BOARDS

    # Pairs and boards: now, and only now, play can start.
    offers = _offers(page)
    assert "Start play" in offers and f"Create boards 1-{BOARDS}" not in offers
    assert "Finish session" not in offers
    page.screenshot(path=screenshots / "session-steps.png", full_page=True)
    page.get_by_role("link", name="Start play").click()
    page.get_by_role("button", name="Yes, start play").click()
    page.wait_for_load_state()
    session.refresh_from_db()
    assert session.state == SessionState.PLAY

    # In play: finish is offered; the movement can no longer change; a late pair folds away.
    offers = _offers(page)
    assert "Finish session" in offers
    assert not offers & {"Start play", "Save the movement", "Add pair"}
    assert "Seat a late pair" in page.locator("#pairs").inner_text()

    # A result from the first table of the first round.
    page.locator("table.movement-chart tbody tr").first.locator("a").first.click()
    page.wait_for_load_state()
    form = page.locator("div.table-board form").first
    number = form.locator("input[name=board]").input_value()
    form.locator(f"#id_b{number}_contract").fill("4S")
    form.locator(f"#id_b{number}_declarer").select_option("N")
    form.locator(f"#id_b{number}_result").fill("10")
    form.get_by_role("button", name=f"Enter board {number}").click()
    page.wait_for_load_state()
    assert f"Board {number}: 4S N" in page.locator(".messages").inner_text()

    page.goto(live_server.url + reverse("director:session", args=[session.pk]))
    assert "North 1 - South 1" in page.locator("#standings").inner_text()
    page.get_by_role("link", name="Finish session").click()
    page.get_by_role("button", name="Yes, finish the session").click()
    page.wait_for_load_state()
    session.refresh_from_db()
    assert session.state == SessionState.FINISHED

    # Finished: published, nothing left to offer but the downloads and the corrections.
    assert not _offers(page) & {
        "Start play",
        "Finish session",
        "Add pair",
        "Deal",
        "Set",
        "Save the movement",
    }
    assert "published" in _waiting(page)
