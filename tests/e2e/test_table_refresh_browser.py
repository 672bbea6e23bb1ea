"""A phone's refresh in the browser: a 204 (nothing changed) keeps the page, a change shows on the next.

The page refreshes its table's state every 15 s with the stamp of the state it holds; the
server answers 204, with no body, while nothing shown changed. The phone's clock is the
test's (Playwright's), so each refresh is asked for, not waited for.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.e2e.test_browser import PHONE, browser  # noqa: F401 (fixture)
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Pair, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import pair_update

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

REFRESH_MS = 15_000


@pytest.fixture
def night(club, settings) -> Session:
    settings.CLUBSCORE_TABLE_REFRESH_SECONDS = REFRESH_MS / 1000  # the real interval, on the page's clock
    return seated_mitchell(club, name="Refresh night", tables=3, boards_per_round=2, rounds=2, start=True)


def _refresh(page):
    """Let the phone's clock reach its next refresh; return the state's answer."""
    with page.expect_response(lambda response: "/state/" in response.url, timeout=WAIT_MS) as answer:
        page.clock.run_for(REFRESH_MS)
    return answer.value


def test_a_phone_keeps_its_page_on_204_and_shows_a_change_on_the_next_refresh(browser, live_server, night):  # noqa: F811
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.clock.install()
    token = TableAccess.objects.get(session=night, table=1).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    assert "North 1 - South 1" in page.locator("#app").inner_text()

    unchanged = _refresh(page)
    assert unchanged.status == 204 and "since=" in unchanged.url
    assert "North 1 - South 1" in page.locator("#app").inner_text()
    assert page.locator("button[data-board]").count() == 2

    pair_update(
        pair=Pair.objects.get(session=night, direction="NS", number=1), player_names=("Nora New", "South 1")
    )
    changed = _refresh(page)
    assert changed.status == 200
    page.get_by_text("Nora New - South 1").wait_for(timeout=WAIT_MS)
    assert _refresh(page).status == 204
    assert "Nora New - South 1" in page.locator("#app").inner_text()


def test_after_another_tables_result_a_phone_holds_the_stamp_its_204_names(browser, live_server, night):  # noqa: F811
    """Table 1 is in mid-round: table 2's result changes nothing it shows, so its refresh is a 204
    that names the stamp to hold now (the session's moved), and the next refresh sends that one."""
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.clock.install()
    token = TableAccess.objects.get(session=night, table=1).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)

    movement = movement_selectors.session_movement(night)
    number = sorted(movement.encounter(1, 2).boards)[0]
    result_record(board=night.boards.get(number=number), entry=mitchell_3nt(night, 2, 2))
    unchanged = _refresh(page)
    held = unchanged.headers.get("x-table-stamp")
    assert unchanged.status == 204 and held and f"since={held}" not in unchanged.url
    following = _refresh(page)
    assert following.status == 204 and f"since={held}" in following.url
    assert page.locator("button[data-board]").count() == 2


def test_a_refresh_that_lands_under_a_finger_does_not_lose_the_tap(browser, live_server, night):  # noqa: F811
    """A changed state arriving between a board's press and its release is drawn after the tap:
    the board the player pressed opens, where new buttons put under the finger lost the click."""
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.clock.install()
    token = TableAccess.objects.get(session=night, table=1).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    button = page.locator("button[data-board]").first
    button.wait_for(timeout=WAIT_MS)
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    page.mouse.down()
    pair_update(
        pair=Pair.objects.get(session=night, direction="NS", number=1), player_names=("Nora New", "South 1")
    )
    assert _refresh(page).status == 200  # the new names are in, while the finger is down
    page.mouse.up()

    page.locator("fieldset:has(legend:text-is('Contract'))").wait_for(timeout=WAIT_MS)
    page.get_by_role("button", name="Back to the boards").click()
    page.get_by_text("Nora New - South 1").wait_for(timeout=WAIT_MS)  # drawn once the tap was done
