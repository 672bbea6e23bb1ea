"""A cache that is flushed or fails: the pages read the database and stay right, and a write that
hides a player is refused rather than leave his name in a cache that cannot be told."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.night.live.conftest import _forget_prefix
from tournaments.core.models import Player
from tournaments.night.live import store
from tournaments.night.live.stamps import CacheUnreachableError
from tournaments.night.models import Session, TableAccess
from tournaments.night.services.results import result_record
from tournaments.season.services.privacy import player_initials_set

pytestmark = pytest.mark.django_db


class DeadCache(BaseCache):
    """A Redis that does not answer: every call fails, as redis-py's do."""

    def __init__(self, location, params) -> None:
        super().__init__(params)

    def _fail(self, *args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    add = get = set = delete = get_many = delete_many = set_many = touch = has_key = incr = clear = _fail


@pytest.fixture
def night(club) -> Session:
    session = seated_mitchell(club, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    return session


@pytest.fixture
def dead_cache(settings):
    settings.CACHES = {"default": {"BACKEND": f"{__name__}.DeadCache"}}
    settings.CLUBSCORE_SHARED_CACHE = True
    store._resting_until = 0.0
    yield
    store._resting_until = 0.0


def _poll(client, session: Session, since: str = ""):
    return client.get(reverse("session_standings", args=[session.pk]), {"since": since} if since else {})


def _stamp(response) -> str:
    return re.search(r'data-stamp="([0-9a-f]+)"', response.content.decode()).group(1)


def _refresh(client, session: Session, since: str = ""):
    token = TableAccess.objects.get(session=session, table=1).token
    return client.get(reverse("table_state", args=[token]), {"since": since} if since else {})


def test_after_a_flush_a_poll_reads_the_stamp_again_and_stays_right(client, night, cache_mode):
    stamp, state_stamp = _stamp(_poll(client, night)), _refresh(client, night).json()["stamp"]
    if cache_mode == "redis":
        _forget_prefix(cache.key_prefix)  # this test's keys: a FLUSHDB would take other suites' too
    else:
        cache.clear()
    assert _poll(client, night, stamp).status_code == 204
    assert _refresh(client, night, state_stamp).status_code == 204
    player_initials_set(player=Player.objects.get(name="North 1"), shown_by_initials=True, user=None)
    assert "N. 1." in _poll(client, night, stamp).content.decode()
    assert _refresh(client, night, state_stamp).status_code == 200


def test_a_dead_cache_leaves_the_pages_to_the_database_and_right(client, night, dead_cache):
    first = _poll(client, night)
    assert first.status_code == 200
    assert _poll(client, night, _stamp(first)).status_code == 204
    state = _refresh(client, night)
    assert state.status_code == 200
    assert _refresh(client, night, state.json()["stamp"]).status_code == 204
    result_record(board=night.boards.get(number=2), entry=mitchell_3nt(night, 1, 1))  # its forgetting fails
    assert _poll(client, night, _stamp(first)).status_code == 200
    assert _refresh(client, night, state.json()["stamp"]).status_code == 200


def test_hiding_a_player_is_refused_while_the_cache_cannot_be_told(
    client, director_client, night, dead_cache
):
    player = Player.objects.get(name="North 1")
    with pytest.raises(CacheUnreachableError):
        player_initials_set(player=player, shown_by_initials=True, user=None)
    player.refresh_from_db()
    assert player.shown_by_initials is False
    answer = director_client.post(
        reverse("director:player_initials", args=[player.pk]), {"shown_by_initials": "on"}, follow=True
    )
    assert "cache could not be told" in answer.content.decode()
    player.refresh_from_db()
    assert player.shown_by_initials is False
    # Showing him by name again hides nothing: it goes through, and the cache expires on its own.
    Player.objects.filter(pk=player.pk).update(shown_by_initials=True)
    player_initials_set(player=player, shown_by_initials=False, user=None)


@pytest.mark.django_db(transaction=True, databases=["default", "replica"])
def test_a_replicas_stamps_are_kept_apart_from_the_primarys_and_forgotten_with_them(client, club, settings):
    """A replica may lag: a stamp read from it must not answer a table, whose reads are the primary's
    (it must see the result it has just sent)."""
    from tests.night.live.conftest import cache_in

    cache_in("shared", settings)
    settings.READ_REPLICA_ALIAS = "replica"
    session = seated_mitchell(club, start=True)
    _poll(client, session)  # a public page: its stamp read from the replica
    _refresh(client, session)  # a table's: from the primary
    before = {alias: cache.get(f"clubscore:stamp:{alias}:{session.pk}") for alias in ("replica", "default")}
    assert None not in before.values()
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    # Both forgotten: gone, or (the push's listener reads the new stamp to tell the pages, decision
    # 0082) already the new one, never the one from before the write.
    after = {alias: cache.get(f"clubscore:stamp:{alias}:{session.pk}") for alias in ("replica", "default")}
    assert all(after[alias] is None or after[alias] != before[alias] for alias in after), (before, after)
    cache.clear()
