"""The one way in for a write (``core.services.writes``, issue 29, point 2).

Seating a pair and starting play wrote without SQLite's write gate, so under a burst they
polled for the database's lock instead of queueing; every statement they send now runs
with the gate held. A row lock asked for outside a write is refused, so no write can
skip the gate again.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.db import connection, transaction

from tests.conftest import seated_mitchell
from tournaments.core.services.write_gate import serialised_writes, write_gate_held
from tournaments.core.services.writes import WriteProtocolError, locked, row_write, write_if_free
from tournaments.night.models import Movement, Session
from tournaments.night.services.movement import session_start
from tournaments.night.services.sessions import pair_add, session_create

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="the write gate serialises SQLite's writers only"
)


@contextmanager
def statements_with_the_gate() -> Iterator[list[tuple[str, bool]]]:
    """Each statement the block sends, with whether its thread held the write gate then."""
    seen: list[tuple[str, bool]] = []

    def spy(execute: Callable, sql: str, params: object, many: bool, context: dict) -> object:
        seen.append((sql.split()[0].upper(), write_gate_held()))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        yield seen


def _written_outside_the_gate(seen: list[tuple[str, bool]]) -> list[str]:
    return [verb for verb, held in seen if not held and verb in ("INSERT", "UPDATE", "DELETE")]


@pytest.fixture
def empty_session(club) -> Session:
    return session_create(
        club=club, date=datetime.date(2026, 11, 25), name="Tuesday", movement=Movement.HOWELL
    )


@sqlite_only
@pytest.mark.django_db
def test_seating_a_pair_writes_through_the_gate(empty_session):
    with statements_with_the_gate() as seen:
        pair = pair_add(session=empty_session, player_names=("Ann Able", "Bob Baker"))

    assert pair.number == 1
    assert any(verb == "INSERT" for verb, _ in seen)
    assert all(held for _, held in seen), seen  # its reads too: they are the write's checks


@sqlite_only
@pytest.mark.django_db
def test_starting_play_writes_through_the_gate(club):
    session = seated_mitchell(club)

    with statements_with_the_gate() as seen:
        session_start(session=session)

    assert ("UPDATE", True) in seen
    assert _written_outside_the_gate(seen) == []


@sqlite_only
@pytest.mark.django_db
def test_a_row_lock_outside_a_write_is_refused(empty_session):
    with transaction.atomic(), pytest.raises(WriteProtocolError, match="outside a write"):
        locked(Session.objects.filter(pk=empty_session.pk)).get()


@pytest.mark.django_db
def test_a_row_write_reads_the_row_afresh(empty_session):
    Session.objects.filter(pk=empty_session.pk).update(name="Renamed meanwhile")

    with row_write(empty_session) as fresh:
        assert fresh.name == "Renamed meanwhile"
        assert write_gate_held() and connection.in_atomic_block


@sqlite_only
@pytest.mark.django_db
def test_a_reader_s_write_is_refused_at_once_while_a_writer_holds_the_gate():
    taken, release = threading.Event(), threading.Event()

    def writer() -> None:
        with serialised_writes():
            taken.set()
            release.wait(60)

    holder = threading.Thread(target=writer)
    holder.start()
    try:
        assert taken.wait(60)
        with write_if_free() as free:
            held_then = write_gate_held()
    finally:
        release.set()
        holder.join(60)

    assert (free, held_then) == (False, False)
    with write_if_free() as free:
        assert free and write_gate_held()
