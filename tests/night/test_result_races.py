"""A result deleted under a director's feet: a double-clicked Delete, an edit racing a delete.

The answer is what a user expects: the result is already deleted, so a message and the
board page (or the session's, or the director's home when nothing says which board),
never a 404 or a 500, and nothing else changes.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments.night.models import AuditAction, Result, ResultChange, Session
from tournaments.night.selectors import director as director_selectors
from tournaments.night.services.results import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    ResultEntry,
    ResultGoneError,
    result_adjust,
    result_assign,
    result_correct,
    result_delete,
    result_record,
)
from tournaments.night.views import director as director_views


def _entry(session: Session, ns: int, ew: int, contract: str, declarer: str, result: str) -> ResultEntry:
    pairs = session.pairs
    return ResultEntry(
        pairs.get(direction="NS", number=ns), pairs.get(direction="EW", number=ew), contract, declarer, result
    )


@pytest.fixture
def result(mitchell_session) -> Result:
    entry = _entry(mitchell_session, 1, 1, "4S", "N", "=")
    return result_record(board=mitchell_session.boards.get(number=1), entry=entry)


def _board_url(result: Result) -> str:
    return reverse("director:board", args=[result.board.session_id, result.board.number])


def _messages(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def _gone_elsewhere(result: Result) -> None:
    """Another director deletes the result, through the service, while this one still holds it."""
    result_delete(result=Result.objects.get(pk=result.pk))


@pytest.mark.parametrize(
    "call",
    [
        lambda result: result_delete(result=result),
        lambda result: result_correct(
            result=result, entry=_entry(result.board.session, 1, 1, "3NT", "S", "9")
        ),
        lambda result: result_adjust(
            board=result.board,
            result=result,
            entry=AdjustedEntry(result.ns_pair, result.ew_pair, "A", "A"),
        ),
        lambda result: result_assign(
            board=result.board,
            result=result,
            entry=AssignedEntry(
                result.ns_pair,
                result.ew_pair,
                (AssignedPart("30%", "4S", "N", "="), AssignedPart("70%", "4S", "N", "-1")),
            ),
        ),
    ],
    ids=["delete", "correct", "adjust", "assign"],
)
def test_the_services_refuse_a_result_deleted_since_it_was_read(result, call):
    _gone_elsewhere(result)
    audit_rows = ResultChange.objects.count()

    with pytest.raises(ResultGoneError, match="already deleted"):
        call(result)

    assert not Result.objects.exists()
    assert ResultChange.objects.count() == audit_rows


def test_a_double_clicked_delete_says_it_is_already_deleted(director_client, result):
    url = reverse("director:result_delete", args=[result.pk])
    form = {"session": result.board.session_id, "board": result.board.number}

    first = director_client.post(url, form)
    second = director_client.post(url, form)

    assert first.status_code == second.status_code == 302
    assert second["Location"] == _board_url(result)
    assert any("already deleted" in message for message in _messages(second))
    assert ResultChange.objects.filter(action=AuditAction.DELETE).count() == 1


def test_a_delete_of_a_gone_result_without_its_board_goes_to_the_director_home(director_client, result):
    _gone_elsewhere(result)

    response = director_client.post(reverse("director:result_delete", args=[result.pk]))

    assert response.status_code == 302
    assert response["Location"] == reverse("director:home")
    assert any("already deleted" in message for message in _messages(response))


@pytest.mark.parametrize("board", ["1", "99", "x"])
def test_a_board_of_another_club_or_nonsense_is_not_followed(client, django_user_model, result, board):
    """The board named in the form is only a hint: a stranger is sent home, not to that session."""
    stranger = django_user_model.objects.create_user(username="stranger", password="pw-stranger-1")
    client.force_login(stranger)
    _gone_elsewhere(result)

    response = client.post(
        reverse("director:result_delete", args=[result.pk]),
        {"session": result.board.session_id, "board": board},
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("director:home")


def test_the_board_pages_delete_and_correct_forms_name_the_board(director_client, result):
    page = director_client.get(_board_url(result)).content.decode()
    edit = director_client.get(reverse("director:result_edit", args=[result.pk])).content.decode()

    for html in (page, edit):
        assert f'name="session" value="{result.board.session_id}"' in html
        assert f'name="board" value="{result.board.number}"' in html
    correct = reverse("director:result_edit", args=[result.pk])
    assert f"{correct}?session={result.board.session_id}&amp;board={result.board.number}" in page


@pytest.fixture
def read_then_deleted(monkeypatch):
    """The view reads the result, then another director deletes it before the service locks."""
    read = director_selectors.result_for_director

    def read_and_lose(user, result_id):
        found = read(user, result_id)
        _gone_elsewhere(found)
        return found

    monkeypatch.setattr(director_views.selectors, "result_for_director", read_and_lose)


def test_a_delete_racing_a_delete_says_it_is_already_deleted(director_client, result, read_then_deleted):
    response = director_client.post(reverse("director:result_delete", args=[result.pk]))

    assert response.status_code == 302
    assert response["Location"] == _board_url(result)
    assert any("already deleted" in message for message in _messages(response))
    assert ResultChange.objects.filter(action=AuditAction.DELETE).count() == 1


def test_an_edit_racing_a_delete_says_it_is_already_deleted(director_client, result, read_then_deleted):
    data = {
        "ns_pair": result.ns_pair_id,
        "ew_pair": result.ew_pair_id,
        "contract": "3NT",
        "declarer": "S",
        "result": "9",
        "lead": "",
    }
    response = director_client.post(reverse("director:result_edit", args=[result.pk]), data)

    assert response.status_code == 302
    assert response["Location"] == _board_url(result)
    assert any("already deleted" in message for message in _messages(response))
    assert not Result.objects.exists()
    assert not ResultChange.objects.filter(action=AuditAction.UPDATE).exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_correcting_a_gone_result_goes_to_its_board(director_client, result, method):
    _gone_elsewhere(result)
    form = {"session": result.board.session_id, "board": result.board.number}

    response = getattr(director_client, method)(reverse("director:result_edit", args=[result.pk]), form)

    assert response.status_code == 302
    assert response["Location"] == _board_url(result)
    assert any("already deleted" in message for message in _messages(response))
