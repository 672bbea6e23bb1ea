"""A barometer and a Swiss pairs run in a browser: the director's pages, the tables' phones, the public page.

The barometer is set up from the director's pages and played from two phones: the public
page shows nothing of a round until its last table has played, then its results and the
standings after it at once. The Swiss pairs' rounds are drawn from the director's page,
round 2 once round 1 is complete; the phones show each round's opponents when it is drawn.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import rounds_night
from tests.e2e.test_browser import DESKTOP, _log_in, browser  # noqa: F401 (fixture)
from tests.e2e.test_table_entry_browser import _boards, _enter
from tests.e2e.test_table_phone_browser import TALL_PHONE
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Movement, Session, TableAccess
from tournaments.night.services.table_entry import table_accesses_ensure

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _phone(browser, live_server, session: Session, table: int):  # noqa: F811
    page = browser.new_context(viewport=TALL_PHONE, is_mobile=True, has_touch=True).new_page()
    token = TableAccess.objects.get(session=session, table=table).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("#app").wait_for(timeout=WAIT_MS)
    return page


def _public(browser, live_server, session: Session):  # noqa: F811
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{live_server.url}{reverse('session', args=[session.pk])}")
    return page


def _play(phone, session: Session, round_: int, table: int) -> None:
    phone.locator(f"button[data-board='{_boards(session, round_, table)[0]}']").wait_for(timeout=WAIT_MS)
    for number in _boards(session, round_, table):
        _enter(phone, number, outcome="+1" if table == 1 else "=")


def test_a_barometer_set_up_by_the_director_and_played_from_the_phones(browser, live_server, club):  # noqa: F811
    page = _log_in(browser, live_server, reverse("director:session_new"))
    page.fill("#id_date", "2026-11-27")
    page.fill("#id_name", "Barometer night")
    page.select_option("#id_movement", value=Movement.BAROMETER)
    page.fill("#id_tables", "2")
    page.fill("#id_boards_per_round", "2")
    page.fill("#id_rounds", "2")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/director/sessions/*/")
    session = Session.objects.get(name="Barometer night")
    for number in range(1, 5):
        page.fill("#id_player1", f"First {number}")
        page.fill("#id_player2", f"Second {number}")
        page.get_by_role("button", name="Add pair").click()
        page.wait_for_load_state()
    page.get_by_role("button", name="Create boards 1-4").click()
    page.wait_for_load_state()
    page.get_by_role("link", name="Start play").click()
    page.get_by_role("button", name="Yes, start play").click()
    page.wait_for_load_state()
    assert "Barometer rounds" in page.locator("#rounds").inner_text()
    table_accesses_ensure(session)
    session.refresh_from_db()

    tables = [_phone(browser, live_server, session, table) for table in (1, 2)]
    _play(tables[0], session, 1, 1)
    public = _public(browser, live_server, session)
    standings = public.locator("#standings")
    assert "No round is complete yet" in standings.inner_text()
    assert "Round 1 (boards 1-2)" not in standings.inner_text()
    assert public.locator(".board-links a").count() == 0

    _play(tables[1], session, 1, 2)
    _play(tables[0], session, 2, 1)  # round 2 at table 1 only: still in play
    public.reload()
    text = public.locator("#standings").inner_text()
    assert "Standings after round 1" in text and "Round 1 (boards 1-2)" in text
    assert "Round 2" not in text
    assert sorted(public.locator(".board-links a").all_inner_texts()) == ["1", "2"]

    _play(tables[1], session, 2, 2)
    public.reload()
    text = public.locator("#standings").inner_text()
    assert "Standings after round 2" in text and "Round 2 (boards 3-4)" in text
    page.reload()
    assert "2 of 2 rounds complete" in page.locator("#rounds").inner_text()


@pytest.fixture
def swiss(club) -> Session:
    return rounds_night(club, Movement.SWISS, 4, rounds=2, name="Swiss pairs")


def test_a_swiss_pairs_drawn_from_the_directors_page_and_played_from_the_phones(browser, live_server, swiss):  # noqa: F811
    director = _log_in(browser, live_server, reverse("director:session", args=[swiss.pk]))
    director.get_by_role("button", name="Draw round 1").click()
    director.wait_for_load_state()
    assert "Round 1 drawn." in director.locator(".messages").inner_text()
    swiss.refresh_from_db()
    assert swiss.swiss_draw == [[[1, 2], [3, 4]]]

    phones = [_phone(browser, live_server, swiss, table) for table in (1, 2)]
    _play(phones[0], swiss, 1, 1)
    # Round 1 is not complete: the director's page says which table it waits for, and offers no draw.
    director.reload()
    assert "Round 2 is drawn once round 1 is complete: table(s) 2" in director.locator("#rounds").inner_text()
    assert director.get_by_role("button", name="Draw round 2").count() == 0

    _play(phones[1], swiss, 1, 2)
    waiting = phones[0].locator("#app")
    waiting.get_by_text("The next round is drawn once every table has finished this one").wait_for(
        timeout=WAIT_MS
    )
    director.goto(f"{live_server.url}{reverse('director:session', args=[swiss.pk])}")
    director.get_by_role("button", name="Draw round 2").click()
    director.wait_for_load_state()
    swiss.refresh_from_db()
    second = swiss.swiss_draw[1]
    assert {frozenset(table) for table in second}.isdisjoint({frozenset((1, 2)), frozenset((3, 4))})

    # The phone shows round 2's boards once it is drawn (its refresh reads the new round).
    _play(phones[0], swiss, 2, 1)
    public = _public(browser, live_server, swiss)
    text = public.locator("#standings").inner_text()
    assert "Standings after round 1" in text and "VPs" in text
    assert "Round 2" not in text
    _play(phones[1], swiss, 2, 2)
    public.reload()
    text = public.locator("#standings").inner_text()
    assert "Standings after round 2" in text and "Round 2 (boards 3-4)" in text
