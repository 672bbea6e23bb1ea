"""Pages told of a change, not asking (issue 52): a standings page and a table's phone update
without a poll, and again after the server cut their streams.

The pages' polls are set an hour apart, so nothing they show can come from a poll within the
test: each update comes from the session's stream (server-sent events) telling the page,
which then fetches its state. Then the server ends every stream (as when it restarts); the
pages open theirs again and the next change still shows. Every wait is for a state (a text
shown, a request made), never for a moment.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.e2e.test_browser import PHONE, browser  # noqa: F401 (fixture)
from tests.e2e.waiting import WAIT_MS, WAIT_SECONDS
from tournaments.night.models import Pair, Session
from tournaments.night.push.channel import hub
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import pair_update
from tournaments.night.services.table_entry import TableEntry, table_accesses_ensure, table_result_submit

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AN_HOUR = 3600


@pytest.fixture
def streams(settings) -> Iterator[None]:
    """The live server's threads hold the streams (as ``make run``'s); the polls an hour apart.
    At the end the streams are ended and their threads gone before the database is emptied."""
    settings.CLUBSCORE_EVENTS = "threads"
    settings.CLUBSCORE_STANDINGS_POLL_SECONDS = AN_HOUR
    settings.CLUBSCORE_TABLE_REFRESH_SECONDS = AN_HOUR
    yield
    hub.end_streams()
    _wait_for(lambda: hub.streams() == 0)


def _wait_for(condition) -> None:
    import time

    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the streams did not end"
        time.sleep(0.05)


def _opened(url: str, streams: list[str]) -> None:
    if "/events/" in url:
        streams.append(url)


def _renamed(night: Session, north: str) -> None:
    """North-South pair 1's North gets another name (a write the phone and the standings show)."""
    pair_update(
        pair=Pair.objects.get(session=night, direction="NS", number=1), player_names=(north, "South 1")
    )


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, name="Live night", tables=3, boards_per_round=2, rounds=2, start=True)


def test_a_standings_page_and_a_phone_update_without_a_poll_and_again_after_the_streams_are_cut(
    streams,
    browser,  # noqa: F811
    live_server,
    night,
):
    token = table_accesses_ensure(night)[0].token  # table 1
    reader = browser.new_context().new_page()
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    streams_opened: list[str] = []
    for page in (reader, phone):
        page.on("request", lambda request: _opened(request.url, streams_opened))

    with reader.expect_request(lambda request: "/events/" in request.url, timeout=WAIT_MS):
        reader.goto(f"{live_server.url}{reverse('session', args=[night.pk])}")
    with phone.expect_request(lambda request: "/events/" in request.url, timeout=WAIT_MS):
        phone.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    phone.get_by_text("North 1 - South 1").wait_for(timeout=WAIT_MS)
    stamp = reader.locator("#standings").get_attribute("data-stamp")

    # A table's result: the reader's standings show it, told by the stream (no poll for an hour).
    result_record(board=night.boards.order_by("number").first(), entry=mitchell_3nt(night, 1, 1))
    reader.locator(f"#standings:not([data-stamp='{stamp}'])").wait_for(timeout=WAIT_MS)
    # A pair's names changed: the phone shows them, told by the stream.
    _renamed(night, "Nora New")
    phone.get_by_text("Nora New - South 1").wait_for(timeout=WAIT_MS)
    reader.locator("#standings", has_text="Nora New").wait_for(timeout=WAIT_MS)

    # The server cuts every stream (a restart): each page opens its stream again.
    opened = len(streams_opened)
    with (
        reader.expect_request(lambda request: "/events/" in request.url, timeout=WAIT_MS),
        phone.expect_request(lambda request: "/events/" in request.url, timeout=WAIT_MS),
    ):
        assert hub.end_streams() >= 2
    assert len(streams_opened) >= opened + 2

    # And the next change reaches both, still without a poll.
    _renamed(night, "Olga Other")
    phone.get_by_text("Olga Other - South 1").wait_for(timeout=WAIT_MS)
    reader.locator("#standings", has_text="Olga Other").wait_for(timeout=WAIT_MS)


# What the phone's page decided for each event its stream told (static/live.js's ``wanted``),
# recorded by wrapping ``clubscoreLive`` as static/live.js defines it: [kind, table, fetched].
DECISIONS = """
(function () {
  var defined;
  window.__decided = [];
  Object.defineProperty(window, "clubscoreLive", {
    configurable: true,
    get: function () { return defined; },
    set: function (live) {
      defined = function (url, onChange, wanted) {
        return live(url, onChange, wanted && function (told) {
          var fetched = wanted(told);
          window.__decided.push([told.kind || "", told.table === undefined ? null : told.table, fetched]);
          return fetched;
        });
      };
    },
  });
})();
"""


def _decided(phone) -> list[list]:
    return phone.evaluate("window.__decided")


def test_a_phone_in_a_round_lets_another_tables_result_and_a_settle_pass_and_fetches_for_its_own(
    streams,
    browser,  # noqa: F811
    live_server,
    night,
):
    """A phone in a round shows nothing of the other tables: told of table 2's result it does
    not ask (no request, no battery, no server), told of its own table's it fetches and shows it."""
    accesses = {access.table: access for access in table_accesses_ensure(night)}
    # The page's policy forbids eval, and Playwright polls a waited-for function with eval: the
    # first check (run by the browser's own protocol) is let through and later polls are not,
    # so the wait failed whenever the decision came after the first check. The recorded
    # decisions are the test's own; the page under test is the same.
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True).new_page()
    phone.add_init_script(DECISIONS)
    with phone.expect_request(lambda request: "/events/" in request.url, timeout=WAIT_MS):
        phone.goto(f"{live_server.url}{reverse('table_entry', args=[accesses[1].token])}")
    phone.get_by_text("North 1 - South 1").wait_for(timeout=WAIT_MS)

    table_result_submit(access=accesses[2], entry=_first_board(night, 2))
    phone.wait_for_function(
        "window.__decided.some(function (d) { return d[0] === 'result'; })",
        timeout=WAIT_MS,
    )
    assert ["result", 2, False] in _decided(phone)

    table_result_submit(access=accesses[1], entry=_first_board(night, 1))
    phone.wait_for_function(
        "window.__decided.some(function (d) { return d[0] === 'result' && d[1] === 1; })", timeout=WAIT_MS
    )
    assert ["result", 1, True] in _decided(phone)
    assert all(fetched is False for kind, _table, fetched in _decided(phone) if kind == "settled")


def _first_board(night: Session, table: int) -> TableEntry:
    board = sorted(movement_selectors.session_movement(night).encounter(1, table).boards)[0]
    return TableEntry(f"e2e-key-{table}-{board}", 1, board, "3NT", "N", "9")
