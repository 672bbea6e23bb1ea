"""A two-section Mitchell run from the director's pages and the tables' phones (issue 31).

The director creates the session, divides it into sections A and B (each a 3-table
Mitchell), seats every pair in its section, creates the boards and starts play; the
tables' links are named A1..B3; the phones at A1 and B1, which play the same board in the
first round, enter it, and each result is matchpointed across the field (against the
other section's); the public page shows the standings by section beside the overall ones.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_browser import PHONE, _log_in, browser  # noqa: F401 (fixtures)
from tests.e2e.test_table_entry_browser import _boards, _fieldset, _stored, back_to_the_round
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Session, SessionState, TableAccess

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _phone(browser, live_server, session: Session, table: int):  # noqa: F811
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    token = TableAccess.objects.get(session=session, table=table).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    return page


def _enter(page, board: int, level: str, declarer: str, tricks: str) -> str:
    """Tap 3NT-ish contracts as the players do; return the pairs the check screen names."""
    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contract").get_by_role("button", name=level, exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name="NT", exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name=declarer, exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name=tricks, exact=True).click()
    page.locator("#score-entry").click()
    pairs = page.locator("#confirm-pairs").inner_text()
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    back_to_the_round(page)
    return pairs


def test_a_two_section_mitchell_runs_from_the_pages_and_the_phones(browser, live_server, club):  # noqa: F811
    page = _log_in(browser, live_server, reverse("director:session_new"))
    page.fill("#id_name", "Christmas pairs")
    page.select_option("#id_movement", value="mitchell")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/director/sessions/*/")
    session = Session.objects.get(name="Christmas pairs")

    # Two sections, each a 3-table Mitchell of one board a round, matchpointed across the field.
    page.locator("#sections-setup summary").click()
    page.fill("#id_sections-sections", "Mitchell 3, Mitchell 3")
    page.fill("#id_sections-boards_per_round", "1")
    page.select_option("#id_sections-section_scoring", value="field")
    page.get_by_role("button", name="Save the sections").click()
    page.wait_for_load_state()
    assert "Sections set: A, B." in page.locator(".messages").inner_text()
    assert "A (Mitchell" in page.locator("#sections-summary").inner_text()
    assert "Table B3" in page.locator("table.movement-chart").inner_text()

    for letter in "AB":
        for number in (1, 2, 3):
            for direction, seats in (("NS", ("North", "South")), ("EW", ("East", "West"))):
                page.select_option("#id_section", value=letter)
                page.fill("#id_player1", f"{seats[0]} {letter}{number}")
                page.fill("#id_player2", f"{seats[1]} {letter}{number}")
                page.select_option("#id_direction", value=direction)
                page.fill("#id_number", str(number))
                page.get_by_role("button", name="Add pair").click()
                page.wait_for_load_state()
    assert session.pairs.count() == 12
    assert "Pair B3 EW seated" in page.locator(".messages").inner_text()
    assert "not seated yet" not in page.locator("table.movement-chart").inner_text()

    page.get_by_role("button", name="Create boards 1-3").click()
    page.wait_for_load_state()
    page.get_by_role("link", name="Start play").click()
    page.get_by_role("button", name="Yes, start play").click()
    page.wait_for_load_state()
    session.refresh_from_db()
    assert session.state == SessionState.PLAY

    # The tables' links, one a table, named by section.
    page.goto(f"{live_server.url}{reverse('director:tables', args=[session.pk])}")
    titles = page.locator(".table-link h3").all_inner_texts()
    assert titles == ["Table A1", "Table A2", "Table A3", "Table B1", "Table B2", "Table B3"]

    # A1 and B1 play the same board in round 1; their phones enter it.
    (board,) = _boards(session, 1, 101)
    assert _boards(session, 1, 201) == [board]
    a1, b1 = _phone(browser, live_server, session, 101), _phone(browser, live_server, session, 201)
    assert a1.locator("h1").inner_text() == "Table A1"
    assert _enter(a1, board, "3", "N", "+1") == "NS A1 v EW A1"  # 3NT+1: 430 or 630
    assert _enter(b1, board, "3", "N", "-1") == "NS B1 v EW B1"
    results = {result.ns_pair.label: result for result in _stored(session, board)}
    # Across the field: A1's plus beats B1's minus, in the other section.
    assert (results["A1 NS"].ns_percentage, results["B1 NS"].ns_percentage) == (100.0, 0.0)

    # The public page: the standings by section beside the overall ones.
    public = browser.new_context().new_page()
    public.goto(f"{live_server.url}{session.get_absolute_url()}")
    by_section = public.locator("#section-standings").inner_text()
    assert "Section A: North-South" in by_section and "Section B: East-West" in by_section
    assert "A1 NS" in public.locator("#standings").inner_text()
