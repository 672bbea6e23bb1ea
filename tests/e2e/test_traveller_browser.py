"""A director types a 13-table paper traveller into the desk's grid without touching the mouse.

A 13-table Mitchell, one board a round: board 1 is played at every table. The director
opens its traveller, types each line's result in the compact notation and Enter, makes a
mistake the live check names on its line (and says aloud), corrects it, and saves with
Enter on the last line; the results and the standings are then read from the database.
The keystrokes and the seconds the traveller took are printed, never asserted (a loaded
machine may take many times as long). A second test drives the same page with the browser's
script turned off: the plain form posts every line. Browser set-up: test_browser.py.
"""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_browser import DESKTOP, _log_in, browser, screenshots  # noqa: F401 (fixtures)
from tests.e2e.waiting import read_when_unlocked
from tournaments.night.models import Result, Session, Standing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 13
# Each NS pair's line, as the paper traveller has it (board 1: dealer North, nobody vulnerable),
# and what ClubScore stores and scores for it.
TRAVELLER = [
    ("4sn+1", "4S N +1", 450),
    ("4SN=", "4S N =", 420),
    ("3NTxE-2", "3NTX E -2", 300),
    ("4HxxS=", "4HXX S =", 880),
    ("p", "Pass", 0),
    ("A60/40", "Adjusted A+ / A-", None),
    ("2DW-1", "2D W -1", 50),
    ("3NTN+2", "3NT N +2", 460),
    ("4SS-1", "4S S -1", -50),
    ("1NTE=", "1NT E =", -90),
    ("5CxN-3", "5CX N -3", -500),
    ("6SN=", "6S N =", 980),
    ("4SN+1", "4S N +1", 450),
]
MISTAKE_LINE = 2  # typed '4SN+4' first: 14 tricks


class Keyboard:
    """The page's keyboard, counting every key the director presses."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
        self.count += times


@pytest.fixture
def thirteen_tables(club) -> Session:
    return seated_mitchell(
        club, name="Thirteen tables", tables=TABLES, boards_per_round=1, rounds=TABLES, start=True
    )


def _status(page, line: int):
    return page.locator(f"#l{line - 1}-status")


def test_a_director_types_a_13_table_traveller_with_the_keyboard_alone(
    browser,  # noqa: F811
    live_server,
    thirteen_tables,
    screenshots,  # noqa: F811
):
    session = thirteen_tables
    url = reverse("director:board_traveller", args=[session.pk, 1])
    page = _log_in(browser, live_server, url)
    expect(page.locator("#id_l0-contract")).to_be_focused()  # the first line waits for the first key
    keys = Keyboard(page)

    started = time.monotonic()
    for line, (typed, _stored, _score) in enumerate(TRAVELLER, start=1):
        if line == MISTAKE_LINE:
            keys.type("4SN+4")
            contract = page.locator(f"#id_l{line - 1}-contract")
            expect(_status(page, line)).to_contain_text("it means 14 tricks, but a side takes 0..13")
            expect(contract).to_have_attribute("aria-invalid", "true")
            expect(page.locator("#grid-status")).to_contain_text(f"Line {line}: '4SN+4'")  # said aloud
            assert_accessible(page)  # the error as shown: labelled, announced, readable
            page.screenshot(path=screenshots / "traveller-grid.png", full_page=True)
            keys.press("Backspace", 2)
            keys.type("=")
            expect(_status(page, line)).to_have_text("NS +420")
            expect(contract).not_to_have_attribute("aria-invalid", "true")
        else:
            keys.type(typed)
        if line == 1:
            keys.press("Tab")  # the lead, on the first line only
            keys.type("SK")
        keys.press("Enter")  # the next line; on the last, the save
    page.wait_for_url(f"**{reverse('director:board_traveller', args=[session.pk, 2])}")
    seconds = time.monotonic() - started

    expect(page.locator(".messages")).to_contain_text(
        "Board 1: 13 entered, 0 corrected, 0 unchanged. Board 2 next."
    )
    expect(page.locator("#id_l0-contract")).to_be_focused()  # and on to the next traveller
    stored = read_when_unlocked(
        lambda: {
            result.ns_pair.number: (result.display, result.ns_score, result.lead)
            for result in Result.objects.filter(board__session=session, board__number=1).select_related(
                "ns_pair"
            )
        }
    )
    assert stored == {
        number: (shown, score, "SK" if number == 1 else "")
        for number, (_typed, shown, score) in enumerate(TRAVELLER, start=1)
    }
    standings = read_when_unlocked(
        lambda: {
            row.pair.number: row.percentage
            for row in Standing.objects.filter(session=session, pair__direction="NS").select_related("pair")
        }
    )
    assert max(standings, key=standings.get) == 12  # 6SN=, 980
    assert min(standings, key=standings.get) == 11  # 5CXN-3, -500
    assert standings[6] == 60.0  # Average-plus
    assert standings[1] == standings[13]  # the same 4SN+1
    print(f"\nA {TABLES}-table traveller at the desk: {keys.count} keystrokes, {seconds:.1f} s")


def test_without_its_script_the_grid_is_a_plain_form_that_posts_every_line(browser, live_server, club):  # noqa: F811
    """The script is kept from loading (the page's other scripts run, so axe still checks each page)."""
    session = seated_mitchell(club, name="No script", start=True)
    url = reverse("director:board_traveller", args=[session.pk, 1])
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.route("**/traveller.js", lambda route: route.abort())
    page.goto(f"{live_server.url}{reverse('login')}?next={url}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{url}")

    page.locator("#id_l0-contract").fill("4SN+1")
    page.locator("#id_l1-contract").fill("4SN+9")
    page.locator("#id_l1-contract").press("Enter")  # the browser's own submit: every line is posted
    page.wait_for_load_state()

    expect(page.locator("#problems")).to_contain_text("Nothing was saved.")
    expect(page.locator("#l1-status")).to_contain_text("it means 19 tricks")
    assert read_when_unlocked(lambda: not Result.objects.filter(board__session=session).exists())
    page.locator("#id_l1-contract").fill("3NTXE-2")
    page.get_by_role("button", name="Save every line").click()
    page.wait_for_url(f"**{reverse('director:board_traveller', args=[session.pk, 2])}")

    shown = read_when_unlocked(
        lambda: sorted(r.display for r in Result.objects.filter(board__session=session))
    )
    assert shown == ["3NTX E -2", "4S N +1"]
