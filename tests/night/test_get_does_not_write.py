"""A GET page does not write (issue 29, point 2): it is drawn from the last settled figures,
and a settle it finds overdue runs once its answer is sent (``views.overdue``).

The views are called directly, as the server does, so the answer can be looked at before
the server closes it: nothing is written while it is drawn, and closing it settles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.core.signals import request_finished
from django.db import close_old_connections, connection
from django.http import HttpResponseBase
from django.test import RequestFactory

from tests.night.services.test_settle_lost import _boards_played, _entered_without_settle, _marked
from tournaments.night.models import Session, TableAccess
from tournaments.night.views import public, table_entry

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def writes_sent() -> Iterator[list[str]]:
    """The writing statements the block sends."""
    sent: list[str] = []

    def spy(execute: Callable, sql: str, params: object, many: bool, context: dict) -> object:
        if sql.lstrip().split()[0].upper() in WRITES:
            sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        yield sent


def sent(response: HttpResponseBase) -> None:
    """Close ``response`` as the server does once it is sent, keeping the test's connection
    open (as Django's test client does: the request's end would close it)."""
    request_finished.disconnect(close_old_connections)
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)


def _session_page(session: Session, request):
    return public.session(request, session.pk)


def _standings(session: Session, request):
    return public.session_standings(request, session.pk)


def _pair(session: Session, request):
    return public.pair(request, session.pk, session.pairs.get(direction="NS", number=1).pk)


def _table_state(session: Session, request):
    return table_entry.table_state(request, TableAccess.objects.get(session=session, table=1).token)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page", [_session_page, _standings, _pair, _table_state], ids=lambda page: page.__name__
)
def test_a_page_with_an_overdue_settle_is_drawn_without_a_write_and_settles_once_sent(club, settings, page):
    from tests.conftest import seated_mitchell

    settings.TABLE_SETTLE_DELAY = 0.2
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)  # the settle's timer lost, its due time past
    request = RequestFactory().get("/")
    stored = _boards_played(session)

    with writes_sent() as written:
        response = page(session, request)

    assert response.status_code == 200
    assert written == []
    assert _marked(session) == 6 and _boards_played(session) == stored  # as the last settle left them

    sent(response)

    assert _marked(session) == 0
    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
def test_a_page_with_nothing_marked_leaves_nothing_to_do_once_sent(club, django_assert_num_queries):
    from tests.conftest import seated_mitchell

    session = seated_mitchell(club, start=True)
    response = public.session_standings(RequestFactory().get("/"), session.pk)

    with django_assert_num_queries(0):
        sent(response)
