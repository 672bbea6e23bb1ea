"""The named plain statements of a table's send, of the result checks and of a session's deletion
find and delete what the ORM would, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Q

from tournaments.db.results import session_results_delete
from tournaments.night.live.sql.results import results_holding_pairs
from tournaments.night.live.sql.table_entry import pairs_with_clashes, session_state_share_locked
from tournaments.night.models import Result, TableSubmission

pytestmark = pytest.mark.django_db


def _pair(session, direction: str, number: int):
    return session.pairs.get(direction=direction, number=number)


def _result(board, ns, ew) -> Result:
    return Result.objects.create(
        board=board, ns_pair=ns, ew_pair=ew, contract="3NT", declarer="N", tricks=9, ns_score=400
    )


def test_the_session_state_names_the_board_and_an_earlier_send_of_the_key(mitchell_session):
    board = mitchell_session.boards.get(number=2)
    result = _result(board, _pair(mitchell_session, "NS", 1), _pair(mitchell_session, "EW", 1))
    sent = TableSubmission.objects.create(
        session=mitchell_session, table=1, key="k-1", board_number=2, result=result
    )
    with transaction.atomic():  # FOR SHARE on PostgreSQL needs one
        assert session_state_share_locked(mitchell_session.pk, 2, "k-1") == (
            mitchell_session.state,
            board.pk,
            sent.pk,
        )
        assert session_state_share_locked(mitchell_session.pk, 99, "k-2") == (
            mitchell_session.state,
            None,
            None,
        )


def test_the_pairs_say_which_already_has_a_result_on_the_board(mitchell_session):
    board = mitchell_session.boards.get(number=1)
    ns1, ns2 = _pair(mitchell_session, "NS", 1), _pair(mitchell_session, "NS", 2)
    ew1 = _pair(mitchell_session, "EW", 1)
    _result(board, ns1, ew1)
    found = pairs_with_clashes(board.pk, mitchell_session.pk, (1, 2))
    expected = [
        (
            pair.pk,
            pair.number,
            pair.direction,
            Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair), board=board).exists(),
        )
        for pair in mitchell_session.pairs.filter(number__in=(1, 2))
    ]
    assert sorted(found) == sorted(expected)
    assert {(pk, clash) for pk, _, _, clash in found} >= {(ns1.pk, True), (ns2.pk, False), (ew1.pk, True)}


def test_the_results_holding_a_pair_leave_out_the_one_being_edited(mitchell_session):
    board = mitchell_session.boards.get(number=1)
    ns1, ew1, ew2 = (
        _pair(mitchell_session, "NS", 1),
        _pair(mitchell_session, "EW", 1),
        _pair(mitchell_session, "EW", 2),
    )
    held = _result(board, ns1, ew1)
    assert results_holding_pairs(board.pk, (ns1.pk, ew2.pk), None) == [(held.pk, ns1.pk, ew1.pk)]
    assert results_holding_pairs(board.pk, (ns1.pk, ew2.pk), held.pk) == []


def test_a_sessions_results_are_deleted_in_one_statement(mitchell_session, django_assert_num_queries):
    board = mitchell_session.boards.get(number=1)
    _result(board, _pair(mitchell_session, "NS", 1), _pair(mitchell_session, "EW", 1))
    _result(board, _pair(mitchell_session, "NS", 2), _pair(mitchell_session, "EW", 2))
    session_results_delete(mitchell_session.pk + 1000)  # another session's: none of these
    assert Result.objects.filter(board__session=mitchell_session).count() == 2
    with django_assert_num_queries(1):
        session_results_delete(mitchell_session.pk)
    assert not Result.objects.filter(board__session=mitchell_session).exists()
