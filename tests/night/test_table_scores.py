"""Adjusted and assigned scores for a table the movement names, replacing its result (issue 24, 14)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import AuditAction, Result, ResultChange
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import AdjustedEntry, result_adjust, result_record


@pytest.fixture
def night(club):
    return seated_mitchell(club, tables=3, start=True)


def _board_one_tables(session):
    movement = movement_selectors.session_movement(session)
    return movement_selectors.board_encounters(movement, 1)


def test_an_average_plus_replaces_the_tables_result_and_is_audited(night, director):
    """Issue 24, point 14: as the assigned-score form does, not refused."""
    board = night.boards.get(number=1)
    played = result_record(board=board, entry=mitchell_3nt(night, 1, 1), user=director)
    ns, ew = played.ns_pair, played.ew_pair

    adjusted = result_adjust(board=board, entry=AdjustedEntry(ns, ew, "A+", "A-"), user=director)

    assert adjusted.pk == played.pk
    stored = board.results.values_list("ns_adjustment", "ew_adjustment", "ns_score")
    assert list(stored) == [("A+", "A-", None)]
    change = ResultChange.objects.filter(session=night).order_by("pk").last()
    assert change.action == AuditAction.UPDATE and change.user == director
    assert change.before["contract"] == "3NT" and change.after["ns_adjustment"] == "A+"


@pytest.mark.parametrize("form", ["adjust", "assign"])
def test_the_forms_offer_only_the_tables_the_movement_gives_the_board(director_client, night, director, form):
    """Issue 24, point 14: the movement knows who played; the first table without a result is chosen."""
    board = night.boards.get(number=1)
    first, *others = _board_one_tables(night)
    result_record(board=board, entry=mitchell_3nt(night, first.ns[1], first.ew[1]), user=director)

    page = director_client.get(reverse("director:board", args=[night.pk, 1]))

    field = page.context[f"{form}_form"]
    assert "ns_pair" not in field.fields and "ew_pair" not in field.fields
    choices = [label for _, label in field.fields["table"].choices]
    assert choices == [
        f"Round {e.round}, table {e.table}: NS {e.ns[1]} v EW {e.ew[1]}"
        + (" (now 3NT N =: replaced)" if e is first else "")
        for e in (first, *others)
    ]
    waiting = next(table for table in field.tables.values() if table.result is None)
    assert field["table"].value() == waiting.value


def test_an_adjusted_score_is_given_by_choosing_the_table(director_client, night, director):
    """Issue 24, point 14: the table's choice names both pairs, and replaces its result."""
    board = night.boards.get(number=1)
    first = _board_one_tables(night)[0]
    result_record(board=board, entry=mitchell_3nt(night, first.ns[1], first.ew[1]), user=director)
    page = director_client.get(reverse("director:board", args=[night.pk, 1]))
    table = next(t for t in page.context["adjust_form"].tables.values() if t.result is not None)

    response = director_client.post(
        reverse("director:board_adjust", args=[night.pk, 1]),
        {"adjust-table": table.value, "adjust-ns_adjustment": "A+", "adjust-ew_adjustment": "A"},
    )

    assert response.status_code == 302
    result = Result.objects.get(board=board)
    assert (result.ns_pair, result.ew_pair, result.ns_adjustment, result.ew_adjustment) == (
        table.ns,
        table.ew,
        "A+",
        "A",
    )


def test_an_assigned_score_is_given_by_choosing_the_table(director_client, night):
    """Issue 24, point 14: the assigned-score form takes the table too."""
    board = night.boards.get(number=1)
    page = director_client.get(reverse("director:board", args=[night.pk, 1]))
    table = list(page.context["assign_form"].tables.values())[1]

    response = director_client.post(
        reverse("director:board_assign", args=[night.pk, 1]),
        {
            "assign-table": table.value,
            "assign-weight1": "30%",
            "assign-contract1": "4S",
            "assign-declarer1": "N",
            "assign-result1": "=",
            "assign-weight2": "70%",
            "assign-contract2": "4S",
            "assign-declarer2": "N",
            "assign-result2": "-1",
        },
    )

    assert response.status_code == 302
    result = Result.objects.get(board=board)
    assert (result.ns_pair, result.ew_pair, len(result.assigned)) == (table.ns, table.ew, 2)
