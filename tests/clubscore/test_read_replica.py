"""Public pages read from the replica when one is set; writes and the director's pages never do.

The replica is Django's test mirror of the primary (settings_test.py): the same database
reached over a second connection, so each test counts the queries on either connection.
The rows are committed (``transaction=True``), as a replica would have them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.db import connections, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubscore.replica import PublicReadsToReplica, _public_read
from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Result, Session
from tournaments.night.services.results import result_record

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "replica"])


@pytest.fixture
def replica(settings):
    settings.READ_REPLICA_ALIAS = "replica"
    return "replica"


@pytest.fixture
def session(club) -> Session:
    session = seated_mitchell(club, tables=3, boards_per_round=2, rounds=3, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    return session


def _tournament_queries(captured: CaptureQueriesContext) -> list[str]:
    return [query["sql"] for query in captured.captured_queries if '"tournaments_' in query["sql"]]


def _requests(fetch) -> tuple[list[str], list[str], object]:
    """Run ``fetch``; return the tournament queries it made on the primary and on the replica."""
    with (
        CaptureQueriesContext(connections["default"]) as primary,
        CaptureQueriesContext(connections["replica"]) as copy,
    ):
        response = fetch()
    return _tournament_queries(primary), _tournament_queries(copy), response


@pytest.mark.parametrize(
    "page",
    [
        lambda s: reverse("session", args=[s.pk]),
        lambda s: reverse("session_standings", args=[s.pk]),
        lambda s: reverse("pair", args=[s.pk, s.pairs.first().pk]),
        lambda s: reverse("club", args=[s.club.slug]),
    ],
    ids=["session", "standings", "pair", "club"],
)
def test_a_public_page_reads_the_replica_and_not_the_primary(replica, session, client, page):
    url = page(session)
    primary, copy, response = _requests(lambda: client.get(url))
    assert response.status_code == 200
    assert copy, "the public page read nothing from the replica"
    assert primary == []


def test_without_a_replica_the_public_pages_read_the_primary(session, client):
    primary, copy, response = _requests(lambda: client.get(reverse("session", args=[session.pk])))
    assert response.status_code == 200
    assert primary and copy == []


def test_the_director_s_pages_read_the_primary(replica, session, director_client):
    primary, copy, response = _requests(
        lambda: director_client.get(reverse("director:session", args=[session.pk]))
    )
    assert response.status_code == 200
    assert primary and copy == []


def test_a_table_s_send_and_its_page_use_the_primary_only(replica, session, client):
    token = session.table_accesses.get(table=2).token
    body = {
        "key": "replica-k-2-3",
        "round": 1,
        "board": 3,
        "contract": "4S",
        "declarer": "N",
        "tricks": "10",
        "lead": "",
    }
    page = reverse("table_entry", args=[token])
    primary, copy, response = _requests(lambda: client.get(page))
    assert response.status_code == 200 and primary and copy == []
    send = lambda: client.post(  # noqa: E731
        reverse("table_submit", args=[token]), data=json.dumps(body), content_type="application/json"
    )
    primary, copy, response = _requests(send)
    assert response.status_code == 201, response.content
    assert primary and copy == []
    assert Result.objects.filter(board__session=session, board__number=3).count() == 1


def test_reads_inside_a_write_transaction_stay_on_the_primary(replica):
    router, token = PublicReadsToReplica(), _public_read.set(True)
    try:
        assert router.db_for_read(Session) == "replica"
        with transaction.atomic():
            assert router.db_for_read(Session) is None
        assert router.db_for_write(Session) == "default"
        assert router.allow_migrate("replica", "tournaments") is False
    finally:
        _public_read.reset(token)


@pytest.mark.parametrize(
    ("replica_url", "expected"),
    [
        ("", "None []"),
        ("postgres://reader@replica.example:5432/clubscore", "replica replica.example default"),
    ],
)
def test_database_replica_url_adds_the_replica_that_the_router_reads(replica_url, expected):
    """Production settings: the replica exists only when DATABASE_REPLICA_URL names it."""
    code = (
        "import django; from django.conf import settings; django.setup();"
        "r = settings.DATABASES.get('replica');"
        "print(settings.READ_REPLICA_ALIAS, r['HOST'] if r else [], r['TEST']['MIRROR'] if r else '')"
    )
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_REPLICA_URL"}
    env |= {"DJANGO_SETTINGS_MODULE": "clubscore.settings", "SECRET_KEY": "x" * 50}
    if replica_url:
        env["DATABASE_REPLICA_URL"] = replica_url
    completed = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == expected.split()
