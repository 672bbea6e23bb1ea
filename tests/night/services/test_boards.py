"""Dealing boards: bounded requests, analysis outside the write transaction, guarded re-deals."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse

from tournaments.night.analysis import board_analysis
from tournaments.night.models import AuditAction
from tournaments.night.services import boards as boards_service
from tournaments.night.services.boards import MAX_BOARDS_PER_DEAL, boards_deal

IDENTITY = " ".join(str(n) for n in range(1, 53))


@pytest.mark.django_db(transaction=True)
def test_the_double_dummy_analysis_runs_outside_any_transaction(monkeypatch, howell_session):
    """Analysing takes ~0.14 s a deal: holding the write lock meanwhile blocked result entry."""
    analysed = []

    def analysis_outside_a_transaction(deal, number):
        assert not connection.in_atomic_block, "double-dummy analysis inside a transaction"
        analysed.append(number)
        return board_analysis(deal, number)

    monkeypatch.setattr(boards_service, "board_analysis", analysis_outside_a_transaction)

    boards = boards_deal(session=howell_session, count=3, rng=random.Random(7))

    assert analysed == [1, 2, 3]
    assert [board.number for board in boards] == [1, 2, 3]
    assert all(board.is_dealt and board.dd_tricks for board in howell_session.boards.all())


@pytest.mark.parametrize("how", ["count", "permutations"])
def test_a_deal_request_is_limited_to_what_a_session_plays(how, howell_session):
    too_many = MAX_BOARDS_PER_DEAL + 1
    arguments = {"count": too_many} if how == "count" else {"permutations": [tuple(range(1, 53))] * too_many}

    with pytest.raises(ValidationError, match=f"at most {MAX_BOARDS_PER_DEAL} boards"):
        boards_deal(session=howell_session, **arguments)
    assert not howell_session.boards.exclude(north="").exists()


@pytest.mark.parametrize("how", ["count", "permutations"])
def test_the_deal_page_refuses_more_boards_than_a_session_plays(how, director_client, howell_session):
    too_many = MAX_BOARDS_PER_DEAL + 1
    data = {"count": str(too_many)} if how == "count" else {"permutations": "\n".join([IDENTITY] * too_many)}

    response = director_client.post(reverse("director:deal", args=[howell_session.pk]), data)

    assert response.status_code == 400
    assert f"at most {MAX_BOARDS_PER_DEAL} boards" in response.content.decode()
    assert not howell_session.boards.exclude(north="").exists()


# --- re-dealing boards that have results ---------------------------------------------------


def _record_on_board_one(session):
    from tournaments.night.services.results import ResultEntry, result_record

    ns, ew = session.pairs.get(direction="NS", number=1), session.pairs.get(direction="EW", number=1)
    return result_record(board=session.boards.get(number=1), entry=ResultEntry(ns, ew, "3NT", "N", "="))


def _hands(session):
    return list(session.boards.order_by("number").values_list("number", "north", "par_score"))


def test_re_dealing_a_board_with_results_is_refused_naming_it(mitchell_session):
    _record_on_board_one(mitchell_session)
    before = _hands(mitchell_session)

    with pytest.raises(ValidationError, match=r"Board 1 has results"):
        boards_deal(session=mitchell_session, count=3, rng=random.Random(1))

    assert _hands(mitchell_session) == before
    assert not mitchell_session.result_changes.filter(action=AuditAction.REDEAL).exists()


def test_a_confirmed_re_deal_of_a_played_board_is_audited(mitchell_session, director):
    _record_on_board_one(mitchell_session)
    old_north = mitchell_session.boards.get(number=1).north

    boards_deal(session=mitchell_session, count=3, rng=random.Random(1), redeal_played=True, user=director)

    board = mitchell_session.boards.get(number=1)
    assert board.north != old_north
    change = mitchell_session.result_changes.get(action=AuditAction.REDEAL)
    assert (change.board_number, change.user) == (1, director)
    assert change.before["north"] == old_north
    assert change.after["north"] == board.north
    assert change.after["par_score"] == board.par_score
    # Boards 2 and 3 had no results: re-dealing them needs no confirmation and no audit entry.
    assert mitchell_session.result_changes.filter(action=AuditAction.REDEAL).count() == 1


def test_the_deal_page_asks_for_confirmation_and_the_audit_page_shows_the_re_deal(
    director_client, mitchell_session
):
    _record_on_board_one(mitchell_session)
    url = reverse("director:deal", args=[mitchell_session.pk])

    refused = director_client.post(url, {"count": "3"})
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "Board 1 has results" in page
    assert "Re-deal boards that have results" in page

    confirmed = director_client.post(url, {"count": "3", "redeal_played": "on"})
    assert confirmed.status_code == 302
    audit = director_client.get(reverse("director:audit", args=[mitchell_session.pk])).content.decode()
    assert "Re-dealt" in audit
