"""A handicap night and a stratified night from the pages and the phones, in headless Chromium
(issue 30).

The director makes the night a handicap event on its handicaps page and gives the weakest
pairs' players their handicaps (the scratch winner's -40); the three tables' phones enter
their boards over two rounds; the
director finishes the night; the public page ranks the field by scratch plus handicap,
beside the scratch standings.

The stratified night: an ACBL club's director imports the member list with its master
points column, stratifies the night at 750 on its strata page, the phones play it, and
the public page shows stratum B's standings and the strat award beside the overall one.
Every page checked by axe-core on the way (``tests/e2e/accessibility.py``, through
``test_browser``'s fixture).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import PHONE, _log_in, browser  # noqa: F401 (fixture)
from tests.e2e.test_table_entry_browser import _boards, _enter
from tests.e2e.waiting import WAIT_MS
from tournaments.core.models import Club
from tournaments.night.models import Session, TableAccess

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 3
# Each table's NS pair's result on every board: NS 1 makes 3NT, NS 2 goes one down, NS 3 two.
OUTCOMES = {1: "=", 2: "-1", 3: "-2"}


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(
        club, name="Handicap night", tables=TABLES, boards_per_round=2, rounds=2, start=True
    )


def _phones(browser, live_server, session: Session):  # noqa: F811
    phones = {}
    for access in TableAccess.objects.filter(session=session).order_by("table"):
        page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.goto(f"{live_server.url}{reverse('table_entry', args=[access.token])}")
        page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
        phones[access.table] = page
    return phones


def _play_the_night(phones, session: Session, between_rounds: str = "") -> None:
    """Every table enters its boards, round by round; ``between_rounds``: a title each phone
    shows among its standings once round 1 is in (before its round 2 starts)."""
    for round_ in (1, 2):
        for table, page in phones.items():
            for number in _boards(session, round_, table):
                _enter(page, number, outcome=OUTCOMES[table])
        if round_ == 1 and between_rounds:
            for page in phones.values():
                expect(page.locator("section.table-standings")).to_contain_text(
                    between_rounds, timeout=WAIT_MS
                )
    for page in phones.values():
        page.locator("text=All this table's rounds are in").wait_for(timeout=WAIT_MS)


def _finish(page, live_server, session: Session) -> None:
    page.goto(f"{live_server.url}{reverse('director:state_confirm', args=[session.pk, 'finish'])}")
    page.get_by_role("button", name="Yes, finish the session").click()
    page.wait_for_url(f"**{reverse('director:session', args=[session.pk])}")


def test_a_handicap_night_from_the_pages_and_the_phones(browser, live_server, night):  # noqa: F811
    director = _log_in(browser, live_server, reverse("director:session", args=[night.pk]))
    director.locator("section.handicaps").get_by_role("link", name="Handicaps").click()
    director.wait_for_url(f"**{reverse('director:session_handicaps', args=[night.pk])}")
    director.get_by_label("A handicap event").check()
    director.get_by_label("North 1", exact=True).fill("-40")  # the strongest pair: 100% scratch
    director.get_by_label("South 1", exact=True).fill("-40")
    director.get_by_label("North 2", exact=True).fill("10")  # 50% scratch
    director.get_by_label("South 2", exact=True).fill("20")
    director.get_by_role("button", name="Save the handicaps").click()
    director.wait_for_url(f"**{reverse('director:session', args=[night.pk])}")

    _play_the_night(_phones(browser, live_server, night), night, between_rounds="Handicapped: North-South")
    _finish(director, live_server, night)

    public = browser.new_context(viewport=PHONE).new_page()
    public.goto(f"{live_server.url}{reverse('session', args=[night.pk])}")
    handicapped = public.locator("section.handicaps table.handicapped").first
    rows = handicapped.locator("tbody tr")
    assert rows.count() == TABLES
    first = rows.first.inner_text()
    assert "North 2 - South 2" in first and "+15.00" in first and "65.00" in first  # second on scratch
    assert "North 1 - South 1" in rows.nth(1).inner_text() and "60.00" in rows.nth(1).inner_text()


MEMBERS = "name,number,email,master points\n" + "".join(
    f"{name},,,{points}\n"
    for name, points in [
        ("North 1", 2000),
        ("South 1", 40),  # A: its stronger player is over 750
        ("North 2", 500),
        ("South 2", 100),
        ("North 3", 250),
        ("South 3", 12),
        *((f"{seat} {table}", 100) for table in (1, 2, 3) for seat in ("East", "West")),
    ]
)


def test_a_stratified_night_from_the_pages_and_the_phones(browser, live_server, club, night, tmp_path):  # noqa: F811
    Club.objects.filter(pk=club.pk).update(federation="acbl")
    members_url = reverse("director:members", args=[club.slug])
    director = _log_in(browser, live_server, members_url)
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    director.locator("input[type=file]").set_input_files(str(members))
    director.get_by_role("button", name="Preview").click()
    director.get_by_role("button", name="Confirm the import").click()
    director.wait_for_url(f"**{members_url}")
    assert "2000" in director.locator("table.members").inner_text()

    director.goto(f"{live_server.url}{reverse('director:session', args=[night.pk])}")
    director.locator("section.strata").get_by_role("link", name="Strata").click()
    director.get_by_label("Strata by").select_option("holdings")
    director.get_by_label("Stratum B: below").fill("750")
    director.get_by_role("button", name="Save the strata").click()
    director.wait_for_url(f"**{reverse('director:session_strata', args=[night.pk])}")
    assert "2000, 40" in director.locator("table.pair-strata").inner_text()

    _play_the_night(_phones(browser, live_server, night), night, between_rounds="Stratum B")
    _finish(director, live_server, night)

    public = browser.new_context(viewport=PHONE).new_page()
    public.goto(f"{live_server.url}{reverse('session', args=[night.pk])}")
    stratum_b = public.locator("section.strata table.stratum").first
    assert "Stratum B" in stratum_b.locator("caption").inner_text()
    first = stratum_b.locator("tbody tr").first.inner_text()
    assert "North 2 - South 2" in first  # second overall, first of B
    awards = public.locator("table.master-points").inner_text()
    # A 3-table Mitchell: 0.30 to NS 1 (A); B's group in NS is 2 pairs: 0.20 to NS 2, first of B.
    assert "0.30" in awards and "1 (B)" in awards and "0.20" in awards
