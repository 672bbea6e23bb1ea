"""A table's phone through a night on an 812-pixel screen (issue 24, point 15).

The check screen names the pairs; "Show the score" is on the screen however tall the
entry; a second phone at the table, refused for a board already in, is told to call the
director; the "round is over" card folds away below the boards once seen, and says where
the boards go; after the last round the phone says the night is over.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import browser  # noqa: F401 (fixture)
from tests.e2e.test_table_entry_browser import _boards, _fieldset, _stored, back_to_the_round
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Session, TableAccess

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TALL_PHONE = {"width": 375, "height": 812}
IN_VIEW = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


@pytest.fixture
def night(club, settings) -> Session:
    # The opponents' phone must not hear of the first phone's entry before it sends the board
    # again: no refresh comes during the test (each phone reads its state when it goes back
    # to the round). At the suite's second, the refresh told it first.
    settings.CLUBSCORE_TABLE_REFRESH_SECONDS = 3600
    club.table_entry_lead = True  # the tallest entry: the lead's suit and card come too
    club.save()
    return seated_mitchell(club, name="Phone night", tables=3, boards_per_round=2, rounds=2, start=True)


def _phone(browser, live_server, session: Session, table: int):  # noqa: F811
    page = browser.new_context(viewport=TALL_PHONE, is_mobile=True, has_touch=True).new_page()
    token = TableAccess.objects.get(session=session, table=table).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    return page


def _tap_with_lead(page, board: int) -> None:
    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contract").get_by_role("button", name="4", exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name="hearts", exact=True).click()
    _fieldset(page, "Doubled").get_by_role("button", name="X", exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name="S", exact=True).click()
    _fieldset(page, "Lead (suit, then card)").get_by_role("button", name="spades", exact=True).click()
    _fieldset(page, "Lead card").get_by_role("button", name="Q", exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name="-1", exact=True).click()


def _enter(page, board: int) -> None:
    _tap_with_lead(page, board)
    page.locator("#score-entry").click()
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    back_to_the_round(page)


def test_a_phone_through_the_night_on_an_812_pixel_screen(browser, live_server, night):  # noqa: F811
    phone = _phone(browser, live_server, night, 1)
    second_phone = _phone(browser, live_server, night, 1)  # the opponents' phone, open at the same time
    first, second = _boards(night, 1, 1)

    _tap_with_lead(phone, first)
    assert phone.locator("#score-entry").evaluate(IN_VIEW), "Show the score is below the fold"
    phone.locator("#score-entry").click()
    assert phone.locator("#confirm-pairs").inner_text() == "NS 1 v EW 1"
    phone.locator("#accept").click()
    phone.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    assert len(_stored(night, first)) == 1

    # The second phone had not heard: it enters the board again and is told to call the director.
    _tap_with_lead(second_phone, first)
    second_phone.locator("#score-entry").click()
    second_phone.locator("#accept").click()
    refusal = second_phone.locator(".table-refused")
    refusal.wait_for(timeout=WAIT_MS)
    assert "call the director" in refusal.inner_text()
    assert f"Board {first} is already in from this table" in refusal.inner_text()
    assert len(_stored(night, first)) == 1

    back_to_the_round(phone)
    _enter(phone, second)
    moves = phone.locator("section.moves")
    moves.wait_for(timeout=WAIT_MS)
    assert "Round 1 is over: move for the next round" in moves.inner_text()
    assert "take them to table" in moves.inner_text()
    phone.locator("#moves-seen").click()
    phone.locator("details.moves-folded").wait_for(timeout=WAIT_MS)
    round_two = _boards(night, 2, 1)
    assert phone.locator(f"button[data-board='{round_two[0]}']").evaluate(IN_VIEW)

    for number in round_two:
        _enter(phone, number)
    over = phone.locator("section.moves.night-over")
    over.wait_for(timeout=WAIT_MS)
    assert "the night is over" in over.inner_text()
    assert "move for the next round" not in phone.locator("#app").inner_text()
