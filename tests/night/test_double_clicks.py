"""A double-clicked create sends its form twice at once: the second is answered as the first
was, or with a message, never a 500 (issue 24, point 4). Needs PostgreSQL, where the two
requests really run side by side; the first to reach the write is held there until the
second has caught up with it (reached the write too, or is waiting for the first's lock),
so they overlap however the machine schedules them."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.night.models import Board, Pair, Session
from tournaments.night.services import sessions as sessions_service

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the race needs PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def _twice_at_once(user, url: str, data: dict) -> list[int]:
    """POST ``data`` to ``url`` from two clients released together; return the status codes."""
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def post() -> None:
        try:
            client = Client(raise_request_exception=False)
            client.force_login(user)
            barrier.wait(timeout=10)
            statuses.append(client.post(url, data).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return statuses


WAIT = 60  # seconds: a bound for a loaded machine; the hold ends as soon as the second catches up


def _waiting_for_a_lock() -> bool:
    """True while another connection to the test database waits for a lock (the first's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0] > 0


def _slowed(monkeypatch, owner: object, name: str) -> None:
    """Hold the first call of ``owner.name`` until the other request has caught up with it."""
    original = getattr(owner, name)
    arrived = []
    changed = threading.Condition()

    def slow(*args, **kwargs):
        with changed:
            arrived.append(threading.current_thread().name)
            first = len(arrived) == 1
            changed.notify_all()
        deadline = time.monotonic() + WAIT
        while first and time.monotonic() < deadline:
            with changed:
                if len(arrived) > 1 or changed.wait_for(lambda: len(arrived) > 1, timeout=0.05):
                    break
            if _waiting_for_a_lock():
                break
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, slow)


def test_a_double_clicked_pair_add_seats_the_pair_once(director, mitchell_session, monkeypatch):
    """Issue 24, point 4: both took the next number and the second insert gave a 500."""
    _slowed(monkeypatch, sessions_service, "next_pair_number")
    url = reverse("director:pair_add", args=[mitchell_session.pk])
    before = Pair.objects.filter(session=mitchell_session).count()

    statuses = _twice_at_once(
        director, url, {"player1": "Zoe Late", "player2": "Yan Late", "direction": "NS"}
    )

    assert statuses == [302, 302]
    assert Pair.objects.filter(session=mitchell_session).count() == before + 1
    assert Player.objects.filter(name="Zoe Late").count() == 1


def test_a_double_clicked_board_count_makes_each_board_once(director, club, monkeypatch):
    """Issue 24, point 4: both found no board and both inserted boards 1-24."""
    session = sessions_service.session_create(club=club, date="2026-11-23", name="Boards", movement="howell")
    _slowed(monkeypatch, Board.objects, "bulk_create")

    statuses = _twice_at_once(director, reverse("director:board_count", args=[session.pk]), {"count": "24"})

    assert statuses == [302, 302]
    assert sorted(Board.objects.filter(session=session).values_list("number", flat=True)) == list(
        range(1, 25)
    )


def test_a_double_clicked_session_create_makes_one_session(director, club, monkeypatch):
    """Issue 24, point 4: both passed the name check and the second insert gave a 500."""
    _slowed(monkeypatch, Session, "save")
    data = {"club": club.pk, "date": "2026-11-23", "name": "Twice", "movement": "howell", "tables": ""}
    data |= {"boards_per_round": "", "rounds": "", "even_tables": "relay", "arrow_switch_rounds": ""}

    statuses = _twice_at_once(director, reverse("director:session_new"), data)

    assert sorted(statuses) == [302, 400]
    assert Session.objects.filter(name="Twice").count() == 1
