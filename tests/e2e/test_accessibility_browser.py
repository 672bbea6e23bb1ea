"""Pages every player can use: a 320-pixel phone, text at 200%, a keyboard, a larger text.

axe-core checks every page each browser test visits (tests/e2e/accessibility.py); these
tests hold what axe cannot see: nothing on the page scrolls sideways but a wide table in
its own box, at 320 pixels (WCAG's reflow width) and with the text twice its size; a
keyboard reaches and works the phone's entry with the focus always in sight; and the
phone's "larger text" survives a reload.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_browser import _log_in, browser  # noqa: F401 (fixture)
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Session, TableAccess
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_finish

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 320, "height": 640}
PHONE = {"width": 375, "height": 740}
# How wide the page is, scroll boxes aside: more than the window means it scrolls sideways.
PAGE_WIDTH = "document.scrollingElement.scrollWidth"
# What sticks out past the window's right edge (outside a scroll box), to name in a failure.
STICKING_OUT = """() => [...document.querySelectorAll("body *")].filter(el => el.getBoundingClientRect().right
  > innerWidth + 1 && !el.parentElement.closest(".table-wrap")).slice(0, 6).map(el => el.tagName.toLowerCase()
  + (el.className ? "." + String(el.className).split(" ").join(".") : ""))"""
# What the focused element shows: its outline's style and width.
FOCUS = """() => { const el = document.activeElement; const style = getComputedStyle(el);
  return {tag: el.tagName, text: (el.textContent || "").trim().slice(0, 30), outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth)}; }"""


@pytest.fixture
def finished_session(mitchell_session: Session) -> Session:
    """The Mitchell fixture with six boards dealt (two pages of hand records), then finished."""
    boards_deal(session=mitchell_session, count=6, rng=random.Random(35))
    return session_finish(session=mitchell_session)


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, name="Phone night", tables=3, boards_per_round=2, rounds=2, start=True)


def _phone_url(live_server, session: Session) -> str:
    token = TableAccess.objects.get(session=session, table=1).token
    return f"{live_server.url}{reverse('table_entry', args=[token])}"


def _assert_fits(page, what: str) -> None:
    """The page is no wider than the window, at its own text size and at twice that size."""
    width = page.evaluate(PAGE_WIDTH)
    assert width <= NARROW["width"], (
        f"{what} scrolls sideways at {NARROW['width']} px: {width} px wide",
        page.evaluate(STICKING_OUT),
    )
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    width = page.evaluate(PAGE_WIDTH)
    assert width <= NARROW["width"], (
        f"{what} scrolls sideways with its text at 200%: {width} px wide",
        page.evaluate(STICKING_OUT),
    )
    assert_accessible(page)  # and axe-core still finds nothing serious at that size


def test_nothing_scrolls_sideways_at_320_pixels_nor_with_the_text_doubled(
    browser,  # noqa: F811
    live_server,
    finished_session,
    night,
):
    public = browser.new_context(viewport=NARROW).new_page()
    for what, url in (
        ("the standings", reverse("session", args=[finished_session.pk])),
        ("the traveller", reverse("board", args=[finished_session.pk, 1])),
        ("the hand records", reverse("hand_records", args=[finished_session.pk])),
    ):
        public.goto(f"{live_server.url}{url}")
        _assert_fits(public, what)

    board_url = reverse("director:board", args=[finished_session.pk, 1])
    director = _log_in(browser, live_server, board_url)
    director.set_viewport_size(NARROW)
    _assert_fits(director, "the director's board page")

    phone = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True).new_page()
    phone.goto(_phone_url(live_server, night))
    phone.locator("button[data-board]").first.click()
    phone.locator("fieldset.pick-row").first.wait_for(timeout=WAIT_MS)
    _assert_fits(phone, "the phone's entry")


def _tab_to(page, accept, what: str, presses: int = 60) -> dict:
    """Press Tab until the focused element is the one wanted; each one focused on the way
    must show its focus (an outline of at least 2 pixels)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS)
        if focused["tag"] != "BODY":
            assert focused["outline"] != "none" and focused["width"] >= 2, f"no visible focus on {focused}"
        if accept(focused):
            return focused
    raise AssertionError(f"{what}: not reached in {presses} presses of Tab")


def test_a_keyboard_alone_enters_a_contract_on_the_phone_and_always_shows_the_focus(
    browser,  # noqa: F811
    live_server,
    night,
):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(_phone_url(live_server, night))
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)

    _tab_to(page, lambda focused: focused["text"].startswith("Board"), "the first board")
    page.keyboard.press("Enter")
    expect(page.locator("legend", has_text="Contract")).to_be_visible()
    _tab_to(page, lambda focused: focused["text"] == "3", "level 3")
    page.keyboard.press("Enter")
    # The page is drawn again after each choice; the focus stays on the button pressed.
    assert page.evaluate(FOCUS)["text"] == "3"
    _tab_to(page, lambda focused: focused["text"] == "\u2660spades", "spades")
    page.keyboard.press("Space")
    strain = page.locator("fieldset:has(legend:text-is('Strain'))")
    # The suit is read by its name, not by its symbol alone.
    expect(strain.get_by_role("button", name="spades", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(strain.get_by_role("button", name="hearts", exact=True)).to_have_attribute("aria-pressed", "false")


def test_the_phone_remembers_its_larger_text(browser, live_server, night):  # noqa: F811
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(_phone_url(live_server, night))
    board = page.locator("button[data-board]").first
    board.wait_for(timeout=WAIT_MS)
    size_before = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    button = page.get_by_role("button", name="Larger text")
    expect(button).to_have_attribute("aria-pressed", "false")

    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    larger = page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    assert larger >= size_before * 1.2

    page.reload()
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    expect(page.get_by_role("button", name="Larger text")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)") == larger
    assert page.evaluate(PAGE_WIDTH) <= PHONE["width"]  # the larger text fits the phone too

    page.get_by_role("button", name="Larger text").click()  # and back, for good
    page.reload()
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)") == size_before
