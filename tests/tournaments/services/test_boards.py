"""Dealing boards: bounded requests, analysis outside the write transaction, guarded re-deals."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse

from tournaments.analysis import board_analysis
from tournaments.services import boards as boards_service
from tournaments.services.boards import MAX_BOARDS_PER_DEAL, boards_deal

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
