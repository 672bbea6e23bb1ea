"""What a refresh or a poll costs the database: nothing when unchanged with a shared cache, and a
changed page rendered once per change, not once per reader (queries pinned, never timed)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Session, TableAccess
from tournaments.night.services.results import result_record

pytestmark = pytest.mark.django_db

# Queries of an unchanged poll, an unchanged refresh, and a changed poll after the first reader's.
COSTS = {
    "own": {"poll": 1, "refresh": 2, "second reader": 1},  # the stamp; the table's link and the stamp
    "shared": {"poll": 0, "refresh": 0, "second reader": 0},
    "redis": {"poll": 0, "refresh": 0, "second reader": 0},
}


@pytest.fixture
def night(club) -> Session:
    session = seated_mitchell(club, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    return session


def _poll_url(session: Session) -> str:
    return reverse("session_standings", args=[session.pk])


def _state_url(session: Session, table: int = 1) -> str:
    return reverse("table_state", args=[TableAccess.objects.get(session=session, table=table).token])


def test_an_unchanged_poll_and_refresh_cost_no_query_with_a_shared_cache(
    client, night, cache_mode, django_assert_num_queries
):
    poll, state = _poll_url(night), _state_url(night)
    stamp = re.search(r'data-stamp="([0-9a-f]+)"', client.get(poll).content.decode()).group(1)
    state_stamp = client.get(state).json()["stamp"]
    with django_assert_num_queries(COSTS[cache_mode]["poll"]):
        assert client.get(poll, {"since": stamp}).status_code == 204
    with django_assert_num_queries(COSTS[cache_mode]["refresh"]):
        assert client.get(state, {"since": state_stamp}).status_code == 204


def test_a_changed_page_is_rendered_once_for_all_its_readers(
    client, night, cache_mode, django_assert_num_queries
):
    poll, state = _poll_url(night), _state_url(night)
    first = client.get(poll, {"since": "a reader's old stamp"})
    with django_assert_num_queries(COSTS[cache_mode]["second reader"]):
        second = client.get(poll, {"since": "another reader's old stamp"})
    assert second.status_code == 200 and second.content == first.content
    # A table's second phone gets the state the first one's refresh built.
    built = client.get(state).content
    with django_assert_num_queries(COSTS[cache_mode]["refresh"]):
        assert client.get(state, {"since": "its own old stamp"}).content == built
