"""The open pages' streams of their session's changes (issue 52, ``night.push``, ``night.views.events``).

What a reader relies on: a stream opens only for what he may read, tells him each change of
his session (and nothing of another's) with no private data, ends cleanly when the server
stops, and is refused (so his page polls) when the site serves no streams or his address
holds too many. The events' travel through Redis is checked where a Redis answers
(``CACHE_URL``, db 14 on the project's machines).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import threading
from collections.abc import Iterator

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished
from django.urls import reverse

from clubscore.asgi import application
from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.live.stamps import session_digest_read
from tournaments.night.models import Pair, TableAccess
from tournaments.night.push import channel
from tournaments.night.push.channel import END, Changed, Listener, hub
from tournaments.night.push.stream import Stream, frame, reads_close
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import pair_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club):
    return seated_mitchell(club, name="Push night", tables=3, boards_per_round=2, rounds=2, start=True)


@pytest.fixture
def streams_in_threads(settings):
    settings.CLUBSCORE_EVENTS = "threads"
    settings.CLUBSCORE_EVENTS_PER_CLIENT = 2
    yield
    hub.end_streams()


WAIT = 30  # seconds: a bound on a wait for a state, never a moment waited for


def _events(chunk: bytes) -> list[tuple[str, dict]]:
    """The (event, data) pairs of a chunk of a stream."""
    found = []
    for block in chunk.decode().split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":")
        )
        if "event" in fields:
            found.append((fields["event"], json.loads(fields.get("data", "{}"))))
    return found


def _closed(response) -> None:
    """The reader leaves: the test client's wrapper of the stream closes the response, as a WSGI
    server does (and keeps the test's database connection open, as a direct close would not). A
    stream not read yet is read first: a generator never started runs no ``finally``."""
    if inspect.getgeneratorstate(response._iterator) == inspect.GEN_CREATED:
        next(iter(response.streaming_content))
    response._iterator.close()


def _last_told(listener: Listener) -> object:
    """The last event a write handed the listener (a result is told when stored, and when settled)."""
    told = listener.next(timeout=5)
    while (more := listener.next(timeout=0)) is not None:
        told = more
    return told


def _listening(session_id: int) -> Listener:
    listener = Listener(session_id)
    hub.listen(listener)
    return listener


def test_a_result_tells_its_sessions_listeners_its_new_stamp_and_no_other_session(night, club):
    other = seated_mitchell(club, name="Other night", tables=3, boards_per_round=2, rounds=2, start=True)
    mine, theirs = _listening(night.pk), _listening(other.pk)
    try:
        result_record(board=night.boards.order_by("number").first(), entry=mitchell_3nt(night, 1, 1))
        told = _last_told(mine)
        assert isinstance(told, Changed)
        assert (told.session, told.stamp) == (night.pk, session_digest_read(night.pk))
        assert theirs.next(timeout=0) is None
    finally:
        hub.forget(mine)
        hub.forget(theirs)


def test_a_name_changed_is_told_too(night):
    listener = _listening(night.pk)
    try:
        pair_update(
            pair=Pair.objects.get(session=night, direction="NS", number=1), player_names=("Nora New", "S")
        )
        assert isinstance(listener.next(timeout=5), Changed)
    finally:
        hub.forget(listener)


def test_the_stream_opens_with_the_stamp_tells_a_change_and_ends_when_the_server_stops(night):
    stream = Stream(night.pk, lambda: session_digest_read(night.pk), lifetime=60, check=None)
    lines = stream.lines()
    opening = next(lines)
    assert opening.startswith(b"retry: ")
    assert _events(opening) == [("changed", {"session": night.pk, "stamp": session_digest_read(night.pk)})]
    result_record(board=night.boards.order_by("number").first(), entry=mitchell_3nt(night, 1, 1))
    told = _events(next(lines))
    while told[0][1]["stamp"] != session_digest_read(night.pk):  # stored, then settled: each told
        told = _events(next(lines))
    assert hub.end_streams() == 1
    assert _events(next(lines)) == [("end", {})]
    with pytest.raises(StopIteration):
        next(lines)
    assert hub.streams() == 0


def test_without_a_shared_channel_the_stream_reads_the_stamp_itself(night):
    """``make run``: the worker's settle cannot reach this process's hub; the stream finds it."""
    stamps = iter(["one", "one", "two"])
    stream = Stream(night.pk, lambda: next(stamps), lifetime=60, check=0.01)
    lines = stream.lines()
    assert _events(next(lines)) == [("changed", {"session": night.pk, "stamp": "one"})]
    assert next(lines) == b": still here\n\n"  # the same stamp: nothing to tell
    assert _events(next(lines)) == [("changed", {"session": night.pk, "stamp": "two"})]
    lines.close()
    assert hub.streams() == 0


def test_streams_are_refused_where_the_site_serves_none(client, night, settings):
    settings.CLUBSCORE_EVENTS = ""
    assert client.get(reverse("session_events", args=[night.pk])).status_code == 503
    settings.CLUBSCORE_EVENTS = "asgi"  # a WSGI worker does not hold streams
    assert client.get(reverse("session_events", args=[night.pk])).status_code == 503


def test_a_stream_is_opened_only_for_what_its_reader_may_read(client, night, streams_in_threads):
    assert client.get(reverse("session_events", args=[999_999])).status_code == 404
    assert client.get(reverse("table_events", args=["no-such-token"])).status_code == 404
    grid = reverse("director:tables_grid_events", args=[night.pk])
    assert client.get(grid).status_code == 302  # to the login page
    token = TableAccess.objects.filter(session=night).first()
    if token is None:  # the links are made when the director first opens the tables' page
        from tournaments.night.services.table_entry import table_accesses_ensure

        token = table_accesses_ensure(night)[0]
    response = client.get(reverse("table_events", args=[token.token]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/event-stream")
    assert _events(next(iter(response.streaming_content)))[0][1] == {
        "session": night.pk,
        "stamp": session_digest_read(night.pk),
    }
    _closed(response)


def test_the_directors_grid_stream_needs_his_role(director_client, client, night, streams_in_threads):
    from django.contrib.auth import get_user_model

    grid = reverse("director:tables_grid_events", args=[night.pk])
    response = director_client.get(grid)
    assert response.status_code == 200
    _closed(response)
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    client.force_login(stranger)
    assert client.get(grid).status_code == 403


def test_one_address_holds_at_most_its_streams(client, night, streams_in_threads):
    url = reverse("session_events", args=[night.pk])
    first, second = client.get(url), client.get(url)
    assert (first.status_code, second.status_code) == (200, 200)
    for response in (first, second):  # each reader reads his stream's opening
        next(iter(response.streaming_content))
    refused = client.get(url)
    assert refused.status_code == 429 and refused["Retry-After"]
    _closed(first)  # the reader left: his place is free again
    again = client.get(url)
    assert again.status_code == 200
    next(iter(again.streaming_content))
    _closed(second)
    _closed(again)


def test_a_stopping_server_refuses_new_streams(client, night, streams_in_threads):
    hub.stopping = True
    try:
        assert client.get(reverse("session_events", args=[night.pk])).status_code == 503
    finally:
        hub.stopping = False


@pytest.fixture
def streams_under_asgi(settings) -> Iterator[None]:
    """The events server's streams; at the end its reading threads' connections closed, which
    PostgreSQL's suite needs to drop its test database."""
    settings.CLUBSCORE_EVENTS = "asgi"
    yield
    reads_close()


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_stream_runs_in_the_event_loop_after_djangos_handler_is_done(
    streams_under_asgi, night
):
    """The events server (``clubscore.asgi``): Django's handler decides and is done (its request
    finished, its thread gone: 4,400 streams held 4,400 threads before), the stream goes on in
    the loop, hears a write from another thread, and ends when the server stops."""
    asyncio.run(_asgi_stream(night.pk))


@pytest.mark.django_db(transaction=True)
def test_under_asgi_a_reader_who_leaves_ends_the_stream_and_frees_his_place(streams_under_asgi, night):
    asyncio.run(_asgi_stream_left(night.pk))


def _scope(path: str) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"accept", b"text/event-stream")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


async def _opened(session_id: int) -> tuple[ApplicationCommunicator, list[str]]:
    """A stream opened through the events server's application, and the requests Django finished."""
    finished: list[str] = []
    request_finished.connect(
        lambda **kwargs: finished.append("finished"), weak=False, dispatch_uid="push-test"
    )
    communicator = ApplicationCommunicator(application, _scope(reverse("session_events", args=[session_id])))
    await communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await communicator.receive_output(WAIT)
    headers = {bytes(name).lower(): bytes(value) for name, value in start["headers"]}
    assert start["status"] == 200 and headers[b"content-type"].startswith(b"text/event-stream")
    assert b"x-clubscore-stream" not in headers  # the grant is the server's, not the reader's
    return communicator, finished


async def _asgi_stream(session_id: int) -> None:
    communicator, finished = await _opened(session_id)
    try:
        assert _events((await communicator.receive_output(WAIT))["body"])[0][0] == "changed"
        assert finished == ["finished"]  # Django's handler is done while the stream is open
        # A write in another thread (an app server's request thread) reaches the loop's stream.
        threading.Thread(target=hub.deliver, args=(Changed(session_id, "after"),)).start()
        told = (await communicator.receive_output(WAIT))["body"]
        assert _events(told) == [("changed", {"session": session_id, "stamp": "after"})]
        hub.stop()
        assert _events((await communicator.receive_output(WAIT))["body"]) == [("end", {})]
        assert (await communicator.receive_output(WAIT))["more_body"] is False
    finally:
        hub.stopping = False
        request_finished.disconnect(dispatch_uid="push-test")
    await communicator.wait(WAIT)
    assert hub.streams() == 0


async def _asgi_stream_left(session_id: int) -> None:
    communicator, _finished = await _opened(session_id)
    request_finished.disconnect(dispatch_uid="push-test")
    assert _events((await communicator.receive_output(WAIT))["body"])[0][0] == "changed"
    assert hub.streams() == 1
    await communicator.send_input({"type": "http.disconnect"})
    await communicator.wait(WAIT)
    assert hub.streams() == 0 and hub.admit("127.0.0.1", 1)  # his place given back
    hub.release("127.0.0.1")


def test_a_redis_message_is_read_back_as_its_event():
    assert channel.parsed(b"12 abc.def") == Changed(12, "abc.def")
    assert channel.parsed(b"12") == Changed(12, "")
    assert channel.parsed(b"drop table") is None
    assert channel.parsed(1) is None


@pytest.mark.parametrize(
    "event",
    [Changed(12, "abc.def", "result", 3), Changed(12, "abc.def", "settled"), Changed(12, "abc.def")],
)
def test_what_an_event_says_changed_crosses_redis_and_reaches_the_page(event):
    """A table's result names its table and a settle says so (a phone in a round lets both pass
    unless the table is its own, static/table-entry.js); anything else says nothing more."""
    assert channel.parsed(channel.message(event).encode()) == event
    told = {"session": 12, "stamp": "abc.def"}
    told |= {"kind": event.kind} if event.kind else {}
    told |= {"table": event.table} if event.table is not None else {}
    assert _events(frame(event)) == [("changed", told)]


def test_a_message_of_an_unknown_kind_is_a_change_of_anything():
    assert channel.parsed(b"12 abc.def drop 3") == Changed(12, "abc.def")
    assert channel.parsed(b"12 abc.def result x") == Changed(12, "abc.def")  # a result of no table


REDIS = os.environ.get("CLUBSCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def _redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=0.3).ping())
    except Exception:  # noqa: BLE001
        return False


@pytest.mark.skipif(not _redis_answers(), reason="no Redis at CLUBSCORE_TEST_REDIS_URL")
def test_with_redis_a_change_reaches_the_streams_through_pub_sub(settings, night):
    """Production: the writer publishes on Redis, each streaming process's subscriber hands it on."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": f"test-push-{os.getpid()}",
        }
    }
    settings.CLUBSCORE_SHARED_CACHE = True
    heard = Listener(night.pk)
    hub.listen(heard)  # starts this process's subscriber
    try:
        import redis

        client = redis.Redis.from_url(REDIS)
        subscribed = False
        for _ in range(200):  # the subscriber is up once Redis counts it on the channel
            if client.pubsub_numsub(channel.channel_name())[0][1]:
                subscribed = True
                break
            threading.Event().wait(0.05)
        assert subscribed
        channel.publish(Changed(night.pk, "from-another-process"))
        assert heard.next(timeout=10) == Changed(night.pk, "from-another-process")
    finally:
        hub.forget(heard)
        channel._publisher = None


def test_end_is_handed_to_a_listener_as_a_goodbye():
    listener = Listener(1)
    listener.hand(END)
    assert listener.next(timeout=0) is END
