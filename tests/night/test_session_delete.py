"""A session made by mistake is deleted by its director, asked first; one with results stays (issue 28)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.night.models import Board, Pair, Session, SessionDeletion
from tournaments.night.services.results import result_delete, result_record
from tournaments.night.services.session_delete import session_delete
from tournaments.night.services.sessions import pair_update, session_create


def delete_url(session: Session) -> str:
    return reverse("director:session_delete", args=[session.pk])


@pytest.fixture
def mistake(club) -> Session:
    """A 3-table Mitchell set up in full, pairs and boards, but never played."""
    return seated_mitchell(club, name="Wrong night", tables=3)


def test_the_session_page_offers_to_delete_a_session_without_results(director_client, mistake):
    page = director_client.get(reverse("director:session", args=[mistake.pk])).content.decode()

    assert delete_url(mistake) in page


def test_the_director_is_asked_first_with_what_goes(director_client, mistake):
    """Issue 28, point 5: the confirm page counts what the delete takes away; only its form deletes."""
    asked = director_client.get(delete_url(mistake))
    stray = director_client.post(delete_url(mistake))

    assert asked.status_code == 200
    text = " ".join(asked.content.decode().split())
    assert "6 pairs seated" in text and "6 boards" in text and "0 results" in text
    assert 'name="confirm" value="yes"' in text
    assert (stray.status_code, stray["Location"]) == (302, delete_url(mistake))
    assert Session.objects.filter(pk=mistake.pk).exists()


def test_a_session_without_results_is_deleted_with_its_pairs_and_boards_and_recorded_at_the_club(
    director_client, director, club, mistake
):
    """Issue 28, point 5: the record of the delete is the club's, so it outlives the session."""
    pair_update(pair=mistake.pairs.get(direction="NS", number=1), player_names=("Ann", "Bob"), user=director)

    response = director_client.post(delete_url(mistake), {"confirm": "yes"}, follow=True)

    assert response.redirect_chain == [(reverse("director:home"), 302)]
    assert "Session Wrong night of 2026-11-23 deleted" in response.content.decode()
    assert not Session.objects.filter(pk=mistake.pk).exists()
    assert not Pair.objects.exists() and not Board.objects.exists()
    record = SessionDeletion.objects.get(club=club)
    assert (record.session_pk, record.session_name, record.session_date, record.user) == (
        mistake.pk,
        "Wrong night",
        datetime.date(2026, 11, 23),
        director,
    )
    assert (record.result_count, record.audit_entry_count) == (0, 1)
    assert record.reason == "Deleted by its director, with no results: 6 pairs, 6 boards."


def test_a_session_with_results_is_refused_saying_why(director_client, director, mistake):
    """Issue 28, point 5: results are the club's record; they go one by one, on purpose, first."""
    session = seated_mitchell(mistake.club, name="Played", tables=3, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1), user=director)

    asked = director_client.get(delete_url(session)).content.decode()
    response = director_client.post(delete_url(session), {"confirm": "yes"}, follow=True)

    assert 'name="confirm"' not in asked
    message = "The session has 1 result: it cannot be deleted. Delete its results first"
    assert message in asked and message in response.content.decode()
    assert response.redirect_chain == [(reverse("director:session", args=[session.pk]), 302)]
    assert Session.objects.filter(pk=session.pk).exists() and not SessionDeletion.objects.exists()


def test_a_session_whose_results_were_all_deleted_may_go(director, mistake):
    session = seated_mitchell(mistake.club, name="Played", tables=3, start=True)
    result = result_record(
        board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1), user=director
    )
    result_delete(result=result, user=director)

    record = session_delete(session=session, user=director)

    assert (record.result_count, record.audit_entry_count) == (0, 2)
    assert not Session.objects.filter(pk=session.pk).exists()


def test_a_teams_rounds_session_is_refused(club):
    event = teams_event_build(club, name="Swiss teams", seats="1234")
    session = swiss_round_published(event).session

    with pytest.raises(ValidationError, match="round 1 of the teams event Swiss teams"):
        session_delete(session=session)
    assert Session.objects.filter(pk=session.pk).exists()


def test_a_double_clicked_delete_says_it_is_already_deleted(director_client, mistake):
    director_client.post(delete_url(mistake), {"confirm": "yes"})

    again = director_client.post(delete_url(mistake), {"confirm": "yes"}, follow=True)

    assert again.redirect_chain == [(reverse("director:home"), 302)]
    assert "That session was already deleted." in again.content.decode()
    assert SessionDeletion.objects.count() == 1


def test_another_clubs_director_can_neither_see_nor_delete_it(client, django_user_model, mistake):
    client.force_login(django_user_model.objects.create_user(username="other", password="x-other-pw-1"))

    assert client.get(delete_url(mistake)).status_code == 403
    assert client.post(delete_url(mistake), {"confirm": "yes"}).status_code == 403
    assert Session.objects.filter(pk=mistake.pk).exists()


def test_an_empty_session_is_deleted_too(director, club):
    session = session_create(club=club, date=datetime.date(2026, 11, 30), name="Typo")

    record = session_delete(session=session, user=director)

    assert record.reason == "Deleted by its director, with no results: 0 pairs, 0 boards."
    assert not Session.objects.exists()
