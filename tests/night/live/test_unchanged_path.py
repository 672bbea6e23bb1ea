"""The 204 answered before the middleware (``clubscore.unchanged``): only where the view's would be.

An unchanged refresh or poll is answered from the shared cache before sessions, CSRF,
authentication and the club's language; everything the full path refuses or answers
otherwise (an unknown link, another table's stamp, a finished or deleted session, a
stamp that moved, a settle owed, a host not allowed, plain HTTP where HTTPS is required)
must still reach the stack and the view, and get what it got before.
"""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse
from django.utils.http import parse_http_date

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.live.stamps import stamp_key
from tournaments.night.live.store import keep
from tournaments.night.models import Session, TableAccess
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import result_record
from tournaments.night.services.session_delete import session_delete

pytestmark = pytest.mark.django_db

SHORT = "clubscore.unchanged.UnchangedMiddleware"
HEADERS = (
    "Cache-Control",
    "Expires",
    "X-Table-Stamp",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "Permissions-Policy",
    "Content-Security-Policy",
    "Content-Type",
)  # not Content-Length: CommonMiddleware's "0" on a 204, which HTTP says a server must not send


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, start=True)


# The conftest's cache modes with a shared cache (in memory, Redis): the short path needs one.
pytest_shared = pytest.mark.parametrize("cache_mode", ["shared", "redis"], indirect=True)


def _token(session: Session, table: int = 1) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _state_url(session: Session, table: int = 1) -> str:
    return reverse("table_state", args=[_token(session, table)])


def _held(client, session: Session, table: int = 1) -> str:
    """The stamp a phone holds once its state is loaded (which keeps its link and the stamp)."""
    response = client.get(_state_url(session, table))
    assert response.status_code == 200
    return response.json()["stamp"]


def _page_stamp(client, session: Session) -> str:
    response = client.get(reverse("session_standings", args=[session.pk]))
    assert response.status_code == 200
    return re.search(r'data-stamp="([0-9a-f]+)"', response.content.decode()).group(1)


def _short(response) -> bool:
    """Whether the answer came before the stack: the session and user middleware never ran."""
    return not hasattr(response.wsgi_request, "session") and not hasattr(response.wsgi_request, "user")


@pytest_shared
def test_an_unchanged_refresh_and_poll_are_answered_before_the_stack_with_no_query(
    client, night, cache_mode, django_assert_num_queries
):
    since, page = _held(client, night), _page_stamp(client, night)
    state, standings = _state_url(night), reverse("session_standings", args=[night.pk])
    with django_assert_num_queries(0):  # not even the club's language: no Accept-Language here
        refresh = client.get(state, {"since": since})
        poll = client.get(standings, {"since": page})
    assert (refresh.status_code, poll.status_code) == (204, 204)
    assert _short(refresh) and _short(poll)


@pytest_shared
def test_the_short_204_carries_the_headers_of_the_stacks(client, night, cache_mode, settings):
    since, page = _held(client, night), _page_stamp(client, night)
    asked = [(_state_url(night), since), (reverse("session_standings", args=[night.pk]), page)]
    short = [client.get(url, {"since": held}) for url, held in asked]
    settings.MIDDLEWARE = [name for name in django_settings.MIDDLEWARE if name != SHORT]
    full = [Client().get(url, {"since": held}) for url, held in asked]  # its stack built anew
    for quick, whole in zip(short, full, strict=True):
        assert _short(quick) and not _short(whole)
        assert quick.status_code == whole.status_code == 204
        same = [name for name in HEADERS if name != "Expires"]
        assert {name: quick.get(name) for name in same} == {name: whole.get(name) for name in same}
        # Expires is the moment of each answer (never cached): the same header, each already past.
        assert (quick.get("Expires") is None) == (whole.get("Expires") is None)
        for response in (quick, whole):
            assert response.get("Expires") is None or parse_http_date(response["Expires"]) <= time.time()


@pytest_shared
def test_what_the_full_path_refuses_the_short_one_lets_through(client, night, cache_mode):
    since = _held(client, night)
    other = _held(client, night, table=2)
    unknown = client.get(reverse("table_state", args=["no-such-link"]), {"since": since})
    assert unknown.status_code == 404 and not _short(unknown)
    # Table 1's stamp at table 2's link: table 2's state, not a 204.
    crossed = client.get(_state_url(night, 2), {"since": since})
    assert crossed.status_code == 200 and not _short(crossed)
    assert crossed.json()["stamp"] == other
    posted = client.post(_state_url(night), {"since": since})
    assert posted.status_code == 405
    elsewhere = client.get(_state_url(night), {"since": since}, HTTP_HOST="evil.example")
    assert elsewhere.status_code == 400


@pytest_shared
def test_a_finished_session_is_refused_not_answered_unchanged(client, night, cache_mode):
    since, page = _held(client, night), _page_stamp(client, night)
    session_finish(session=night)
    refresh = client.get(_state_url(night), {"since": since})
    assert refresh.status_code == 410 and not _short(refresh)
    poll = client.get(reverse("session_standings", args=[night.pk]), {"since": page})
    assert poll.status_code == 200 and not _short(poll)


@pytest_shared
def test_a_deleted_session_is_not_found(client, night, cache_mode):
    token = _token(night)
    since, page = _held(client, night), _page_stamp(client, night)
    pk = night.pk
    session_delete(session=night)
    refresh = client.get(reverse("table_state", args=[token]), {"since": since})
    assert refresh.status_code == 404 and not _short(refresh)
    poll = client.get(reverse("session_standings", args=[pk]), {"since": page})
    assert poll.status_code == 404 and not _short(poll)


@pytest_shared
def test_a_result_sends_the_reader_and_the_table_to_the_view(client, night, cache_mode):
    since, page = _held(client, night), _page_stamp(client, night)
    result_record(board=night.boards.get(number=1), entry=mitchell_3nt(night, 1, 1))
    poll = client.get(reverse("session_standings", args=[night.pk]), {"since": page})
    assert poll.status_code == 200 and not _short(poll)
    refresh = client.get(_state_url(night), {"since": since})
    assert refresh.status_code == 200 and not _short(refresh)


@pytest_shared
def test_another_page_of_the_standings_is_not_answered_with_the_first_pages_stamp(client, night, cache_mode):
    page = _page_stamp(client, night)
    poll = client.get(reverse("session_standings", args=[night.pk]), {"since": page, "page": 2})
    assert poll.status_code == 200 and not _short(poll)


@pytest_shared
def test_a_settle_owed_goes_to_the_view_which_settles_after_its_answer(client, night, cache_mode):
    since, page = _held(client, night), _page_stamp(client, night)
    digest = re.search(r"^\d+\.\d+\.([0-9a-f]+)\.", since).group(1)
    keep(stamp_key(night.pk), (digest, True), 30)  # as read while boards were marked for a settle
    refresh = client.get(_state_url(night), {"since": since})
    assert not _short(refresh)
    poll = client.get(reverse("session_standings", args=[night.pk]), {"since": page})
    assert not _short(poll)


@pytest_shared
def test_plain_http_is_sent_to_https_where_the_site_requires_it(client, night, cache_mode, settings):
    since = _held(client, night)
    settings.SECURE_SSL_REDIRECT = True
    response = Client().get(_state_url(night), {"since": since})  # its stack built anew
    assert response.status_code == 301 and response["Location"].startswith("https://")


def test_without_a_shared_cache_every_request_goes_through_the_stack(client, night, settings):
    from tests.night.live.conftest import cache_in

    cache_in("own", settings)
    since = _held(client, night)
    refresh = client.get(_state_url(night), {"since": since})
    assert refresh.status_code == 204 and not _short(refresh)


@pytest_shared
def test_a_long_junk_address_is_answered_as_before_and_not_kept(client, night, cache_mode):
    """The short path keeps the view of each address it resolves, but not of one longer than any
    of ours: a stranger's long junk addresses must not fill the process's memory."""
    from clubscore.unchanged import LONGEST_KEPT, _route

    since = _held(client, night)
    kept = _route.cache_info().currsize
    junk = client.get(reverse("table_state", args=["x" * LONGEST_KEPT]), {"since": since})
    assert junk.status_code == 404 and not _short(junk)
    assert _route.cache_info().currsize == kept
    refresh = client.get(_state_url(night), {"since": since})
    assert refresh.status_code == 204 and _short(refresh)


def test_routes_swapped_by_a_setting_are_not_answered_from_the_kept_ones(settings):
    from clubscore.unchanged import STATE_VIEW, _route

    path = reverse("table_state", args=["a-token"])
    assert _route(path) == (STATE_VIEW, "a-token")
    settings.ROOT_URLCONF = "clubscore.no_such_routes_needed"  # forgotten at once, never imported
    assert _route.cache_info().currsize == 0
