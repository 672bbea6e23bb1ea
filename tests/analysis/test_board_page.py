"""Each finished board's page: every table against double-dummy, and what each table's lead cost,
agreeing with endplay run here independently (issue 50, "what happened at every other table")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.analysis.test_done_when import _independent_dd, _independent_solve
from tournaments.night.models import Board, Result

pytestmark = pytest.mark.django_db

SEATS = "NESW"
TABLE = re.compile(r'<table class="against-dd">.*?<tbody>(.*?)</tbody>', re.S)


def test_every_tables_declarer_and_lead_against_double_dummy(client, night) -> None:
    session, _ = night
    board = Board.objects.get(session=session, number=1)
    page = client.get(reverse("board", args=[session.pk, 1])).content.decode()
    table = TABLE.search(page)
    assert table is not None
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    results = list(Result.objects.filter(board=board).order_by("ns_pair__number", "pk"))
    assert len(rows) == len(results) == 3
    for row, result in zip(rows, results, strict=True):
        difference = (result.tricks or 0) - _independent_dd(board, result.declarer)
        shown = "=" if difference == 0 else f"{difference:+d}"
        assert f'<td class="num">{shown}</td>' in row
        leader = SEATS[(SEATS.index(result.declarer) + 1) % 4]
        solve = _independent_solve(board, leader)
        cost = max(solve.values()) - solve[result.lead.replace("10", "T")]
        assert f'data-cost="{cost}"' in row and result.lead in row


def test_a_board_page_before_the_finish_shows_no_table_against_double_dummy(client, night) -> None:
    from tournaments.night.services.movement import session_reopen

    session, _ = night
    session_reopen(session=session)
    page = client.get(reverse("board", args=[session.pk, 1])).content.decode()
    assert 'class="against-dd"' not in page
