"""Four tables enter their own results on 375-pixel phones while the director watches the grid.

Two rounds of a four-table Mitchell in headless Chromium (see test_browser.py for the
browser set-up): a score the opponents reject, a phone that is offline when its players
accept, a send whose answer is lost on the way back (the server stored it; the phone
sends it again under the same key), a call for the director, and the move to round 2.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import DESKTOP, PHONE, browser, screenshots  # noqa: F401 (fixtures)
from tests.e2e.waiting import WAIT_MS, read_when_unlocked
from tournaments.night.models import Result, ResultChange, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES, ROUNDS, BOARDS_PER_ROUND = 4, 2, 2


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(
        club, name="Phones night", tables=TABLES, boards_per_round=BOARDS_PER_ROUND, rounds=ROUNDS, start=True
    )


def _boards(session: Session, round_: int, table: int) -> list[int]:
    movement = movement_selectors.session_movement(session)
    return sorted(movement.encounter(round_, table).boards)


def _fieldset(page, legend: str):
    return page.locator(f"fieldset:has(legend:text-is('{legend}'))")


def _tap_contract(
    page, board: int, level: int, strain: str, declarer: str, outcome: str, screenshot=None
) -> None:
    """Tap a board's contract as the players do: board, level, strain, declarer, tricks."""
    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contract").get_by_role("button", name=str(level), exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name=strain, exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name=declarer, exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name=outcome, exact=True).click()
    if screenshot:
        page.screenshot(path=screenshot, full_page=True)
    page.locator("#score-entry").click()
    page.locator("#confirm-score").wait_for(timeout=WAIT_MS)


def _enter(
    page, board: int, level: int = 3, strain: str = "NT", declarer: str = "N", outcome: str = "="
) -> str:
    """Enter and accept a board; return the score the phone showed the opponents."""
    _tap_contract(page, board, level, strain, declarer, outcome)
    shown = page.locator("#confirm-score").inner_text()
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    back_to_the_round(page)
    return shown


def back_to_the_round(page) -> None:
    """Leave a board's traveller for the round, and wait until the round is shown.

    The round is drawn once the phone has read the table's state again; until then the
    traveller stays (its heading too, so waiting for a heading would not wait at all).
    """
    page.locator("#back-to-round").click()
    page.locator("#app .round-nav").wait_for(state="attached", timeout=WAIT_MS)


def _stored(session: Session, board: int) -> list[Result]:
    results = Result.objects.filter(board__session=session, board__number=board)
    return read_when_unlocked(lambda: list(results))


def test_four_phones_play_two_rounds_while_the_director_watches(browser, live_server, night, screenshots):  # noqa: F811
    director = browser.new_context(viewport=DESKTOP).new_page()
    tables_url = reverse("director:tables", args=[night.pk])
    director.goto(f"{live_server.url}{reverse('login')}?next={tables_url}")
    director.fill("#id_username", "director")
    director.fill("#id_password", "bridge-director-pw")
    director.click("button[type=submit]")
    director.wait_for_url(f"**{tables_url}")
    assert director.locator(".table-link svg").count() == TABLES

    phones = {}
    for access in TableAccess.objects.filter(session=night).order_by("table"):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{live_server.url}{reverse('table_entry', args=[access.token])}")
        page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
        assert "Round 1 of 2" in page.locator("#app").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        phones[access.table] = (context, page)

    # Table 1: the opponents reject the first score; nothing is stored until they accept.
    _, page = phones[1]
    first, second = _boards(night, 1, 1)
    _tap_contract(page, first, 4, "spades", "N", "=", screenshot=screenshots / "table-entry.png")
    page.screenshot(path=screenshots / "table-confirm.png", full_page=True)
    page.locator("#reject").click()
    _fieldset(page, "Contract").wait_for(timeout=WAIT_MS)
    assert _stored(night, first) == []
    # The entry is still there to change: 3NT by North, one overtrick.
    _fieldset(page, "Contract").get_by_role("button", name="3", exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name="NT", exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name="N", exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name="+1", exact=True).click()
    page.locator("#score-entry").click()
    shown = page.locator("#confirm-score").inner_text()
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    page.screenshot(path=screenshots / "table-traveller.png", full_page=True)
    (result,) = _stored(night, first)
    assert (result.contract, result.tricks) == ("3NT", 10)
    assert shown.startswith(f"NS +{result.ns_score}")
    back_to_the_round(page)
    _enter(page, second, 2, "hearts", "S", "+1")

    # Table 2: the phone is offline when the opponents accept; the entry waits on the phone.
    context, page = phones[2]
    first, second = _boards(night, 1, 2)
    _enter(page, first, 4, "hearts", "E", "-1")
    context.set_offline(True)
    _tap_contract(page, second, 1, "NT", "S", "+2")
    page.locator("#accept").click()
    # Not just any "No network" (a poll of the round may have failed first): the entry kept.
    expect(page.locator("#network")).to_contain_text("kept on this phone", timeout=WAIT_MS)
    assert _stored(night, second) == []
    context.set_offline(False)
    # The banner goes only once the phone's queue is empty: the entry was sent and answered.
    expect(page.locator("#network")).to_be_hidden(timeout=WAIT_MS)
    assert len(_stored(night, second)) == 1

    # Table 3: the first send arrives but its answer is lost; the phone sends it again.
    context, page = phones[3]
    first, second = _boards(night, 1, 3)
    submit_url = reverse("table_submit", args=[TableAccess.objects.get(session=night, table=3).token])
    lost, held, released = [], [], []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.fetch())  # the server stores it...
            route.abort("internetdisconnected")  # ...and the phone never hears back
        elif released:
            route.continue_()
        else:
            held.append(route)  # the phone's retry waits until the test has seen the banner

    page.route(f"**{submit_url}", lose_first_answer)
    _tap_contract(page, first, 5, "clubs", "W", "=")
    page.locator("#accept").click()
    # The banner shows while the entry waits on the phone; with the retries held, it stays.
    expect(page.locator("#network")).to_contain_text("kept on this phone", timeout=WAIT_MS)
    released.append(True)
    for route in held:
        route.continue_()
    expect(page.locator("#network")).to_be_hidden(timeout=WAIT_MS)  # sent again, and answered
    assert lost and lost[0].status == 201
    assert len(_stored(night, first)) == 1
    assert read_when_unlocked(ResultChange.objects.filter(session=night, board_number=first).count) == 1
    _enter(page, second, 3, "NT", "N", "-2")

    # Table 4 calls the director, who sees it on the grid without reloading.
    _, page = phones[4]
    page.locator("#call-director").click()
    director.locator(".director-call", has_text="Table 4 called the director").wait_for(timeout=WAIT_MS)
    # It enters one board, looks ahead at round 2 (a board left behind does not block the
    # table), comes back, and enters the other.
    first, second = _boards(night, 1, 4)
    _enter(page, first, 2, "spades", "W", "=")
    page.locator("#next-round").click()
    assert "still in round 1" in page.locator("#app").inner_text()
    assert page.locator(f"button[data-board='{_boards(night, 2, 4)[0]}']").count() == 1
    page.locator("#previous-round").click()
    _enter(page, second, 2, "spades", "W", "=")

    # Round 1 is in: every phone says where its pairs go, and shows round 2's pairs.
    movement = movement_selectors.session_movement(night)
    for table, (_, page) in phones.items():
        page.locator(".moves").wait_for(timeout=WAIT_MS)
        moves = page.locator(".moves").inner_text()
        ew_next = movement.position(("EW", table), 2)
        assert f"table {ew_next.table}, East-West, round 2" in moves
        assert "Round 2 of 2" in page.locator("#app").inner_text()
    director.locator("tr[data-table='1'] td.grid-done").first.wait_for(timeout=WAIT_MS)
    phones[1][1].screenshot(path=screenshots / "table-next-round.png", full_page=True)

    for table, (_, page) in phones.items():
        for number in _boards(night, 2, table):
            _enter(page, number)
        page.locator("text=All this table's rounds are in").wait_for(timeout=WAIT_MS)
    expected = TABLES * ROUNDS * BOARDS_PER_ROUND
    assert read_when_unlocked(Result.objects.filter(board__session=night).count) == expected
    changes = ResultChange.objects.filter(session=night, table__isnull=False)
    assert read_when_unlocked(changes.count) == expected
    expect(director.locator("td.grid-done")).to_have_count(TABLES * ROUNDS, timeout=WAIT_MS)  # its poll
    director.screenshot(path=screenshots / "table-grid.png", full_page=True)
    for context, _ in phones.values():
        context.close()


def test_a_club_that_asks_for_the_lead_gets_it_from_the_phone(browser, live_server, night):  # noqa: F811
    night.club.table_entry_lead = True
    night.club.save()
    access = TableAccess.objects.get(session=night, table=1)
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{live_server.url}{reverse('table_entry', args=[access.token])}")
    board = _boards(night, 1, 1)[0]
    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contract").get_by_role("button", name="4", exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name="hearts", exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name="S", exact=True).click()
    assert _fieldset(page, "Tricks: made or down").count() == 0  # the lead comes first
    _fieldset(page, "Lead (suit, then card)").get_by_role("button", name="spades", exact=True).click()
    _fieldset(page, "Lead card").get_by_role("button", name="Q", exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name="-1", exact=True).click()
    page.locator("#score-entry").click()
    assert "lead SQ" in page.locator(".confirm-contract").inner_text()
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    (result,) = _stored(night, board)
    assert (result.contract, result.declarer, result.tricks, result.lead) == ("4H", "S", 9, "SQ")
