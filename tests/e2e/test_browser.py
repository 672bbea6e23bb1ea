"""The real site in headless Chromium: a director enters a result, players see the new standings.

Debian's ``chromium-headless-shell`` is the browser (Playwright cannot download its own here), served
the site by pytest-django's ``live_server``. Without Chromium the test skips, except on
CI (``CI`` set), where a missing browser must fail rather than pass unnoticed. The
screenshots go to a temporary folder, so a test run leaves the work tree clean;
``make screenshots`` runs this file with ``CLUBSCORE_SCREENSHOTS_DIR=docs/screenshots``
to refresh the ones the README shows.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from tests.e2e.accessibility import check_every_page
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import ScoringMethod, Session
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import ResultEntry, result_record

DESKTOP = {"width": 1100, "height": 800}
PHONE = {"width": 375, "height": 740}

# Eight of the nine tables' results (board, NS pair, EW pair, contract, declarer, tricks);
# the director enters the ninth, NS 3 against EW 1 on board 2, through the site.
ENTERED_BEFORE = [
    (1, 1, 1, "3NT", "N", "9"),
    (1, 2, 2, "4S", "N", "9"),
    (1, 3, 3, "2H", "E", "9"),
    (2, 1, 2, "Pass", "", ""),
    (2, 2, 3, "1NT", "S", "8"),
    (3, 1, 3, "4H", "S", "11"),
    (3, 2, 1, "4H", "S", "10"),
    (3, 3, 2, "2H", "S", "10"),
]

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where the screenshots go: docs/screenshots for ``make screenshots``, else a temporary folder."""
    folder = Path(os.environ.get("CLUBSCORE_SCREENSHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser(chromium: Browser, monkeypatch) -> Iterator[Browser]:
    """The module's Chromium (``conftest.chromium``), checking each page with axe; the test's
    contexts (its pages, cookies and storage) are closed when it ends, so the next test
    starts with none and no page of this one polls the server any more."""
    check_every_page(monkeypatch)  # axe-core on each page the test reaches
    expect.set_options(timeout=WAIT_MS)  # a state may be long in coming on a loaded machine
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def running_session(mitchell_session: Session, settings) -> Session:
    """The Mitchell fixture with all but one result in, the standings polled every second."""
    settings.CLUBSCORE_STANDINGS_POLL_SECONDS = 1
    return _enter_before(mitchell_session)


@pytest.fixture
def imp_pairs_session(mitchell_session: Session) -> Session:
    """The same eight results in a cross-IMPs session."""
    Session.objects.filter(pk=mitchell_session.pk).update(scoring=ScoringMethod.CROSS_IMPS)
    mitchell_session.refresh_from_db()
    return _enter_before(mitchell_session)


def _enter_before(mitchell_session: Session) -> Session:
    for board_number, ns, ew, contract, declarer, tricks in ENTERED_BEFORE:
        result_record(
            board=mitchell_session.boards.get(number=board_number),
            entry=ResultEntry(
                ns_pair=mitchell_session.pairs.get(direction="NS", number=ns),
                ew_pair=mitchell_session.pairs.get(direction="EW", number=ew),
                contract=contract,
                declarer=declarer,
                result=tricks,
                lead="SQ" if contract != "Pass" else "",
            ),
        )
    return mitchell_session


def _standing_row(page, names: str) -> str:
    return " ".join(page.locator("#standings tr", has_text=names).inner_text().split())


def _director_opens_board_2(browser, live_server, session: Session):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    board_url = reverse("director:board", args=[session.pk, 2])
    page.goto(f"{live_server.url}{reverse('login')}?next={board_url}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{board_url}")
    return context, page, board_url


def _director_enters_the_last_result(browser, live_server, session: Session) -> None:
    context, page, board_url = _director_opens_board_2(browser, live_server, session)
    page.select_option("#id_ns_pair", label="3 NS: Eve North - Fay North")
    page.select_option("#id_ew_pair", label="1 EW: Gus East - Hal East")
    page.fill("#id_contract", "3NT")
    page.select_option("#id_declarer", value="W")
    page.fill("#id_result", "8")
    page.fill("#id_lead", "D4")
    page.get_by_role("button", name="Save result").click()
    page.wait_for_url(f"**{board_url}")
    expect(page.locator(".messages")).to_contain_text("3NT W -1")
    context.close()


def test_a_result_entered_by_the_director_reaches_the_players_standings(
    browser, live_server, running_session, screenshots
):
    session_url = f"{live_server.url}{reverse('session', args=[running_session.pk])}"
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(session_url)
    assert _standing_row(watcher, "Eve North - Fay North") == "3 3 NS Eve North - Fay North 0.0 0.00 2"
    watcher.evaluate("window.notReloaded = true")

    _director_enters_the_last_result(browser, live_server, running_session)

    # The open page picks the change up by itself (the poll), without a reload.
    watcher.locator("#standings tr", has_text="Eve North - Fay North").filter(has_text="16.67").wait_for(
        timeout=WAIT_MS
    )
    assert watcher.evaluate("window.notReloaded") is True
    assert _standing_row(watcher, "Eve North - Fay North") == "3 3 NS Eve North - Fay North 1.0 16.67 3"

    # A player who was not logged in and opens the page now sees the same.
    player = browser.new_context(viewport=DESKTOP).new_page()
    player.goto(session_url)
    assert "Director login" in player.locator("header").inner_text()
    rows = [
        " ".join(row.split())
        for row in player.locator("table.standings").first.locator("tbody tr").all_inner_texts()
    ]
    assert rows == [
        "1= 1 NS Ann North - Bob North 4.0 66.67 3",
        "1= 2 NS Cat North - Dan North 4.0 66.67 3",
        "3 3 NS Eve North - Fay North 1.0 16.67 3",
    ]
    player.screenshot(path=screenshots / "session.png", full_page=True)

    # Every table has played; the director finishes the night and the travellers are published.
    session_finish(session=running_session)
    player.goto(f"{live_server.url}{reverse('board', args=[running_session.pk, 2])}")
    traveller = player.locator("table.traveller tbody tr").all_inner_texts()
    assert any(re.search(r"3 NS\s+1 EW\s+3NT\s+W\s+D4\s+8 \(-1\)\s+50", row) for row in traveller), traveller
    player.goto(f"{live_server.url}{reverse('board', args=[running_session.pk, 1])}")
    player.screenshot(path=screenshots / "board.png", full_page=True)


def test_the_pages_fit_a_375_pixel_phone(browser, live_server, running_session, screenshots):
    session_finish(session=running_session)
    page = browser.new_context(viewport=PHONE).new_page()
    for url in (
        reverse("session", args=[running_session.pk]),
        reverse("board", args=[running_session.pk, 1]),
    ):
        page.goto(f"{live_server.url}{url}")
        # Wide tables scroll inside their wrapper; the page itself never scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
    page.goto(f"{live_server.url}{reverse('session', args=[running_session.pk])}")
    page.screenshot(path=screenshots / "session-375.png", full_page=True)


def test_an_imp_pairs_session_with_an_adjusted_score(browser, live_server, imp_pairs_session):
    context, page, board_url = _director_opens_board_2(browser, live_server, imp_pairs_session)
    page.select_option("#id_adjust-ns_pair", label="3 NS: Eve North - Fay North")
    page.select_option("#id_adjust-ew_pair", label="1 EW: Gus East - Hal East")
    page.select_option("#id_adjust-ns_adjustment", value="A+")
    page.select_option("#id_adjust-ew_adjustment", value="A-")
    page.get_by_role("button", name="Save adjusted score").click()
    page.wait_for_url(f"**{board_url}")
    expect(page.locator(".messages")).to_contain_text("Adjusted A+ / A-")
    context.close()
    session_finish(session=imp_pairs_session)  # travellers are public once the session ends

    # Cross-IMPs worked by hand. Board 1: +400, -50, -140 -> 10.5, -3.5, -7. Board 2: Pass and
    # +120 -> -3 and +3, NS 3 Average-plus +3. Board 3: +450, +420, +170 -> 4, 2.5, -6.5.
    player = browser.new_context(viewport=DESKTOP).new_page()
    player.goto(f"{live_server.url}{reverse('session', args=[imp_pairs_session.pk])}")
    rows = [
        " ".join(row.split())
        for row in player.locator("table.standings").first.locator("tbody tr").all_inner_texts()
    ]
    assert rows == [
        "1 1 NS Ann North - Bob North 11.50 3.83 3",
        "2 2 NS Cat North - Dan North 2.00 0.67 3",
        "3 3 NS Eve North - Fay North -10.50 -3.50 3",
    ]
    player.goto(f"{live_server.url}{reverse('board', args=[imp_pairs_session.pk, 2])}")
    traveller = player.locator("table.traveller tbody tr").all_inner_texts()
    assert any(re.search(r"3 NS\s+1 EW\s+Adjusted A\+ / A-.*\s3\.00\s+-3\.00", row) for row in traveller), (
        traveller
    )


def test_a_matchpoint_session_with_an_assigned_score(browser, live_server, mitchell_session):
    session = _enter_before(mitchell_session)
    context, page, board_url = _director_opens_board_2(browser, live_server, session)
    page.select_option("#id_assign-ns_pair", label="3 NS: Eve North - Fay North")
    page.select_option("#id_assign-ew_pair", label="1 EW: Gus East - Hal East")
    for number, (weight, contract, declarer, result) in enumerate(
        [("50%", "3NT", "W", "-1"), ("1/2", "3NT", "W", "=")], start=1
    ):
        page.fill(f"#id_assign-weight{number}", weight)
        page.fill(f"#id_assign-contract{number}", contract)
        page.select_option(f"#id_assign-declarer{number}", value=declarer)
        page.fill(f"#id_assign-result{number}", result)
    page.get_by_role("button", name="Save assigned score").click()
    page.wait_for_url(f"**{board_url}")
    expect(page.locator(".messages")).to_contain_text("assigned 50% 3NT W -1, 50% 3NT W =")
    context.close()
    session_finish(session=session)  # travellers are public once the session ends

    # Board 2 (NS vulnerable): Pass, +120, and the assigned half +50, half -400. The assigned
    # score scores 0 against +120 and 0.5 x 1 + 0.5 x 0 against the Pass: 0.5 of 2, 25%.
    # NS 3 had 0% on boards 1 and 3: 25 / 3 = 8.33%.
    player = browser.new_context(viewport=DESKTOP).new_page()
    player.goto(f"{live_server.url}{reverse('session', args=[session.pk])}")
    assert _standing_row(player, "Eve North - Fay North") == "3 3 NS Eve North - Fay North 0.5 8.33 3"
    player.goto(f"{live_server.url}{reverse('board', args=[session.pk, 2])}")
    traveller = player.locator("table.traveller tbody tr").all_inner_texts()
    assert any(
        re.search(r"3 NS\s+1 EW\s+50% 3NT W -1, 50% 3NT W =.*\s0\.5\s+1\.5\s+25\.0\s+75\.0", row)
        for row in traveller
    ), traveller


# --- A whole small movement, set up and scored through the director's pages ---------------------

MOVEMENT_TABLES, MOVEMENT_BOARDS_PER_ROUND, MOVEMENT_ROUNDS = 3, 2, 3


def _log_in(browser, live_server, next_url: str):
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{live_server.url}{reverse('login')}?next={next_url}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{next_url}")
    return page


def test_a_director_sets_up_a_mitchell_and_enters_every_result_by_round_and_table(
    browser, live_server, club, screenshots
):
    new_url = reverse("director:session_new")
    page = _log_in(browser, live_server, new_url)
    page.fill("#id_date", "2026-11-23")
    page.fill("#id_name", "Monday movement")
    page.select_option("#id_movement", value="mitchell")
    page.fill("#id_tables", str(MOVEMENT_TABLES))
    page.fill("#id_boards_per_round", str(MOVEMENT_BOARDS_PER_ROUND))
    page.fill("#id_rounds", str(MOVEMENT_ROUNDS))
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/director/sessions/*/")
    session = Session.objects.get(name="Monday movement")
    assert (session.movement_tables, session.movement_rounds) == (MOVEMENT_TABLES, MOVEMENT_ROUNDS)

    for number in range(1, MOVEMENT_TABLES + 1):
        for direction, seats in (("NS", ("North", "South")), ("EW", ("East", "West"))):
            page.fill("#id_player1", f"{seats[0]} {number}")
            page.fill("#id_player2", f"{seats[1]} {number}")
            page.select_option("#id_direction", value=direction)
            page.get_by_role("button", name="Add pair").click()
            page.wait_for_load_state()
    boards = MOVEMENT_TABLES * MOVEMENT_BOARDS_PER_ROUND
    page.get_by_role("button", name=f"Create boards 1-{boards}").click()
    page.wait_for_load_state()
    assert session.boards.count() == boards
    chart = page.locator("table.movement-chart")
    assert chart.locator("tbody tr").count() == MOVEMENT_ROUNDS
    chart.screenshot(path=screenshots / "movement.png")

    page.get_by_role("link", name="Table cards").click()
    page.wait_for_load_state()
    assert page.locator(".guide-card").count() == MOVEMENT_TABLES
    page.screenshot(path=screenshots / "guide-cards.png", full_page=True)
    page.go_back()

    page.get_by_role("link", name="Start play").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Yes, start play").click()
    page.wait_for_load_state()
    page.locator("table.movement-chart tbody tr").first.locator("a").first.click()
    entered = 0
    while True:
        page.wait_for_load_state()
        # Each entry reloads the page, where the board entered shows its result instead of a form.
        while page.locator("div.table-board form").count():
            form = page.locator("div.table-board form").first
            number = form.locator("input[name=board]").input_value()
            form.locator(f"#id_b{number}_contract").fill("3NT")
            form.locator(f"#id_b{number}_declarer").select_option("N")
            form.locator(f"#id_b{number}_result").fill(str(8 + entered % 3))
            form.get_by_role("button", name=f"Enter board {number}").click()
            page.wait_for_load_state()
            assert f"Board {number}: 3NT N" in page.locator(".messages").inner_text()
            entered += 1
        following = page.get_by_role("link", name=re.compile("^Next: round"))
        if not following.count():
            break
        following.click()
    assert entered == MOVEMENT_TABLES * MOVEMENT_ROUNDS * MOVEMENT_BOARDS_PER_ROUND
    played = MOVEMENT_ROUNDS * MOVEMENT_BOARDS_PER_ROUND
    assert all(standing.boards_played == played for standing in session.standings.all())
    assert session.standings.count() == 2 * MOVEMENT_TABLES
