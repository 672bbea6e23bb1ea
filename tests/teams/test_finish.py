"""Finishing a teams event asks first, refuses while matches are unplayed unless insisted, and can be undone.

Issue 28, point 1: one click on *Finish the event* finished an evening mid-round, with
1 of 24 results in, and nothing could reopen it.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.teams.test_pages import create_event, enter_board
from tournaments.night.models import SessionState
from tournaments.night.selectors.table_entry import table_access_get
from tournaments.night.services.table_entry import table_accesses_ensure
from tournaments.teams.models import TeamsEventAction, TeamsEventChange
from tournaments.teams.services.events import team_match_score, teams_event_finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director_client, club):
    """Four teams, three rounds of two boards; round 1 published, one result of eight in."""
    event = create_event(director_client, club)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    enter_board(event.rounds_drawn.get(number=1).session, 1, 1, "4S", "=")
    return event


def _finish(director_client, event, **data):
    return director_client.post(f"/director/teams/{event.pk}/finish/", data)


def _state(event) -> str:
    event.refresh_from_db()
    return event.state


def test_the_event_page_asks_first_and_says_what_is_in(director_client, event):
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    # A link to the question, not a form that acts.
    assert f'href="/director/teams/{event.pk}/finish/"' in page
    assert f'action="/director/teams/{event.pk}/finish/"' not in page

    question = director_client.get(f"/director/teams/{event.pk}/finish/").content.decode()
    assert "Finish the event?" in question
    assert "1 of 8 results in" in question and "1 of 3 rounds published; 2 not drawn yet" in question
    assert "Team 1 v Team 2, 1 of 4 results in" in question
    assert "Team 3 v Team 4, 0 of 4 results in" in question
    assert 'name="anyway"' in question


def test_a_post_without_the_confirmation_only_asks(director_client, event):
    response = _finish(director_client, event)
    assert response.status_code == 302 and response["Location"] == f"/director/teams/{event.pk}/finish/"
    assert _state(event) == SessionState.PLAY


def test_unplayed_matches_refuse_the_finish_unless_the_director_insists(director_client, director, event):
    response = _finish(director_client, event, confirm="yes")
    assert response["Location"] == f"/director/teams/{event.pk}/finish/"
    assert _state(event) == SessionState.PLAY
    page = director_client.get(response["Location"]).content.decode()
    assert "2 matches are not played out (1 of 8 results in)" in page and "finish anyway" in page

    _finish(director_client, event, confirm="yes", anyway="yes")
    assert _state(event) == SessionState.FINISHED
    change = TeamsEventChange.objects.get(event=event)
    assert change.action == TeamsEventAction.FINISH and change.user == director
    assert change.note.startswith("finished anyway: 2 matches are not played out (1 of 8 results in)")


def test_the_service_refuses_an_early_finish_by_name(event):
    with pytest.raises(ValidationError, match="Tuesday Swiss is not over: 2 matches are not played out"):
        teams_event_finish(event=event)
    assert _state(event) == SessionState.PLAY


def test_an_event_played_out_finishes_without_insisting(director_client, club):
    event = create_event(director_client, club)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    session = event.rounds_drawn.get(number=1).session
    for table in range(1, 5):
        for board in (1, 2):
            enter_board(session, table, board, "3NT", "=")
    for number in (2, 3):
        director_client.post(f"/director/teams/{event.pk}/draw/")
        director_client.post(f"/director/teams/{event.pk}/rounds/{number}/publish/")
        for match in event.rounds_drawn.get(number=number).matches.all():
            team_match_score(match=match, home_imps=3, away_imps=0)  # scored by hand: played
    question = director_client.get(f"/director/teams/{event.pk}/finish/").content.decode()
    assert 'name="anyway"' not in question and "8 of 24 results in" in question
    _finish(director_client, event, confirm="yes")
    assert _state(event) == SessionState.FINISHED
    assert TeamsEventChange.objects.get(event=event).note == "8 of 24 results in"


def test_a_finished_event_is_reopened_with_who_and_when_and_its_tables_take_results(
    director_client, director, event
):
    session = event.rounds_drawn.get(number=1).session
    token = table_accesses_ensure(session)[1].token
    _finish(director_client, event, confirm="yes", anyway="yes")
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert f'href="/director/teams/{event.pk}/reopen/"' in page

    assert "Reopen the event?" in director_client.get(f"/director/teams/{event.pk}/reopen/").content.decode()
    response = director_client.post(f"/director/teams/{event.pk}/reopen/")  # not confirmed: only asks
    assert response["Location"] == f"/director/teams/{event.pk}/reopen/"
    assert _state(event) == SessionState.FINISHED
    director_client.post(f"/director/teams/{event.pk}/reopen/", {"confirm": "yes"})

    assert _state(event) == SessionState.PLAY
    session.refresh_from_db()
    assert session.state == SessionState.PLAY
    assert table_access_get(token).session_id == session.pk  # the table's link works again
    reopened = TeamsEventChange.objects.filter(event=event).first()
    assert reopened.action == TeamsEventAction.REOPEN and reopened.user == director and reopened.at
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert "Reopened by director at" in page and "Finished by director at" in page
    enter_board(session, 2, 1, "4S", "-1")  # the evening goes on


def test_a_finished_event_draws_and_publishes_nothing_until_reopened(director_client, event):
    session = event.rounds_drawn.get(number=1).session
    for table, board in [(table, board) for table in range(1, 5) for board in (1, 2)][1:]:
        enter_board(session, table, board, "4S", "=")
    _finish(director_client, event, confirm="yes", anyway="yes")  # rounds 2 and 3 are not drawn
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert "Draw round 2" not in page

    director_client.post(f"/director/teams/{event.pk}/draw/")
    assert event.rounds_drawn.count() == 1
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert "Tuesday Swiss has finished: reopen it to draw or publish a round." in page

    director_client.post(f"/director/teams/{event.pk}/reopen/", {"confirm": "yes"})
    director_client.post(f"/director/teams/{event.pk}/draw/")
    assert event.rounds_drawn.count() == 2
