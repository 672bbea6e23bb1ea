"""Events over several sessions in the database: the careless director's inputs, the ranking, the pages."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.core.models import Club
from tournaments.night.models import Movement, ScoringMethod, Standing
from tournaments.night.services.sessions import session_create
from tournaments.season.models import EventSession
from tournaments.season.selectors.events import event_standings
from tournaments.season.services.events import (
    event_create,
    event_session_add,
    event_session_next,
    event_session_remove,
)

pytestmark = pytest.mark.django_db

PAIRS = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")]


@pytest.fixture
def event(club):
    return event_create(club=club, name="Autumn pairs", method="percentage")


@pytest.fixture
def two_nights(club):
    """Session 1: AB beat CD and GH beat EF on board 1; session 2 the other way round, the
    pairs seated in other seats and each pair's players in the other order."""
    first = played_night(club, 1, PAIRS, [10, 8])
    second = played_night(club, 8, [("Dan", "Cat"), ("Bob", "Ann"), ("Hal", "Gus"), ("Fay", "Eve")], [11, 10])
    return first, second


def _by_names(table) -> dict[str, tuple]:
    return {row.pair.names: (row.line.rank, row.line.scores, row.line.total) for row in table.rows}


def test_the_pairs_of_session_2_are_those_of_session_1_matched_by_their_players(event, two_nights):
    for session in two_nights:
        event_session_add(event=event, session=session)
    table = event_standings(event)
    assert table.counted == list(two_nights)
    stored = {
        (
            standing.session_id,
            frozenset({standing.pair.player1.name, standing.pair.player2.name}),
        ): standing.percentage
        for standing in Standing.objects.select_related("pair__player1", "pair__player2")
    }
    for row in table.rows:
        players = frozenset({row.pair.player1.name, row.pair.player2.name})
        expected = [stored[(session.pk, players)] for session in two_nights]
        assert list(row.line.scores) == expected and row.line.total == pytest.approx(sum(expected) / 2)
    assert len(table.rows) == 4 and all(row.line.ranked for row in table.rows)
    # Each won one night: 50% each; the last night decides, CD and GH first, equal on both nights.
    assert [(row.pair.names, row.places) for row in table.rows] == [
        ("Dan - Cat", ("3=", "1=")),
        ("Fay - Eve", ("3=", "1=")),
        ("Bob - Ann", ("1=", "3=")),
        ("Hal - Gus", ("1=", "3=")),
    ]


def test_the_ranking_counts_only_finished_sessions(club, event):
    first = played_night(club, 1, PAIRS, [10, 8])
    in_play = played_night(club, 8, PAIRS, [7, 7], finish=False)
    event_session_add(event=event, session=first)
    event_session_add(event=event, session=in_play)
    table = event_standings(event)
    assert table.sessions == [first, in_play] and table.counted == [first]
    assert all(len(row.line.scores) == 1 for row in table.rows)


def test_a_pair_missing_from_session_2_is_listed_unranked_after_the_others(club, event):
    first = played_night(club, 1, PAIRS, [10, 8])
    second = played_night(club, 8, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Ida")], [9, 9])
    for session in (first, second):
        event_session_add(event=event, session=session)
    rows = event_standings(event).rows
    assert [row.line.ranked for row in rows] == [True, True, True, False, False]
    assert {row.pair.names: row.line.missed for row in rows[3:]} == {"Gus - Hal": (2,), "Gus - Ida": (1,)}


def test_total_matchpoints_carry_the_stored_matchpoints(club):
    event = event_create(club=club, name="Matchpoint pairs", method="matchpoints")
    nights = [played_night(club, 1, PAIRS, [10, 8]), played_night(club, 8, PAIRS, [8, 10])]
    for session in nights:
        event_session_add(event=event, session=session)
    mp = {
        (s.session_id, s.pair.names): s.matchpoints
        for s in Standing.objects.select_related("pair__player1", "pair__player2")
    }
    for row in event_standings(event).rows:
        assert row.line.total == sum(mp[(session.pk, row.pair.names)] for session in nights)


def test_a_session_added_twice_is_refused_and_nothing_is_written(event, two_nights):
    event_session_add(event=event, session=two_nights[0])
    with pytest.raises(ValidationError, match="is already in this event"):
        event_session_add(event=event, session=two_nights[0])
    assert EventSession.objects.count() == 1


def test_a_session_of_another_event_is_refused_by_that_events_name(club, event, two_nights):
    other = event_create(club=club, name="Winter pairs", method="percentage")
    event_session_add(event=other, session=two_nights[0])
    with pytest.raises(ValidationError, match="already in the event Winter pairs"):
        event_session_add(event=event, session=two_nights[0])


def test_a_session_of_another_club_is_refused(event):
    elsewhere = Club.objects.create(name="Hillside", slug="hillside")
    session = played_night(elsewhere, 1, PAIRS, [10, 8])
    with pytest.raises(ValidationError, match="is a session of another club"):
        event_session_add(event=event, session=session)
    assert not EventSession.objects.exists()


@pytest.mark.parametrize(
    ("movement", "scoring", "message"),
    [
        (Movement.TEAMS, ScoringMethod.MATCHPOINTS, r"is a session of another kind \(Teams"),
        (Movement.BAROMETER, ScoringMethod.MATCHPOINTS, r"is a session of another kind \(Barometer"),
        (Movement.HOWELL, ScoringMethod.BUTLER, "is scored by IMPs"),
        (Movement.MITCHELL, ScoringMethod.CROSS_IMPS, "is scored by IMPs"),
    ],
)
def test_a_session_of_another_kind_is_refused_by_kind(club, event, movement, scoring, message):
    session = session_create(
        club=club, date=datetime.date(2026, 9, 1), name="Other", movement=movement, scoring=scoring
    )
    with pytest.raises(ValidationError, match=message):
        event_session_add(event=event, session=session)


def test_an_event_name_is_new_in_its_club(club, event):
    with pytest.raises(ValidationError, match="already exists"):
        event_create(club=club, name=" Autumn   pairs ", method="percentage")


def _seats(session) -> list[tuple]:
    return sorted((p.direction, p.number, p.player1_id, p.player2_id) for p in session.pairs.all())


def test_the_next_session_has_the_last_ones_movement_and_pairs(club, event, two_nights):
    event_session_add(event=event, session=two_nights[0])
    made = event_session_next(event=event, date=datetime.date(2026, 9, 8), name="Autumn pairs 2")
    before = two_nights[0]
    assert made.movement == before.movement and made.state == "preparation"
    assert _seats(made) == _seats(before)
    assert EventSession.objects.filter(event=event, session=made).exists()


def test_the_next_session_needs_a_first_one(event):
    with pytest.raises(ValidationError, match="first session"):
        event_session_next(event=event, date=datetime.date(2026, 9, 8), name="Two")


def test_a_session_taken_out_leaves_the_event_and_stays_a_session(event, two_nights):
    event_session_add(event=event, session=two_nights[1])
    event_session_remove(event=event, session=two_nights[1])
    assert not EventSession.objects.exists() and two_nights[1].pk
    with pytest.raises(ValidationError, match="is not in this event"):
        event_session_remove(event=event, session=two_nights[1])


def test_the_pages_refuse_another_clubs_director_and_show_the_ranking_to_players(
    client, director_client, club, event, two_nights, django_user_model
):
    for session in two_nights:
        event_session_add(event=event, session=session)
    page = client.get(reverse("event", args=[event.pk]))
    assert page.status_code == 200 and b"event-ranking" in page.content and b"Bob - Ann" in page.content
    assert b"Autumn pairs" in client.get(club.get_absolute_url()).content
    assert b"session 2 of 2" in client.get(two_nights[1].get_absolute_url()).content
    stranger = django_user_model.objects.create_user(username="other", password="x-other-pw-1")
    Club.objects.create(name="Hillside", slug="hillside").directors.add(stranger)
    outsider = Client()
    outsider.force_login(stranger)
    assert outsider.get(reverse("director:event", args=[club.slug, event.pk])).status_code in (403, 404)
    answer = director_client.post(
        reverse("director:event", args=[club.slug, event.pk]), {"add": "1", "session": two_nights[0].pk}
    )
    # A double-clicked Add: the second is refused by name, not as an unknown choice.
    assert answer.status_code == 400 and "is already in this event." in answer.content.decode()
    assert EventSession.objects.filter(event=event).count() == 2


def test_a_double_clicked_create_makes_one_event(director_client, club):
    url = reverse("director:events", args=[club.slug])
    first = director_client.post(url, {"name": "Cup", "method": "matchpoints"})
    second = director_client.post(url, {"name": "Cup", "method": "matchpoints"})
    assert first.status_code == 302 and second.status_code == 400 and b"already exists" in second.content


def test_adding_a_session_says_how_many_of_its_pairs_continue_the_event(director_client, club, event):
    first = played_night(club, 1, PAIRS, [10, 8])
    wrong = played_night(club, 8, [("Ann", "Bob"), ("Jo", "Kay"), ("Lee", "Max"), ("Ned", "Ole")], [9, 9])
    url = reverse("director:event", args=[club.slug, event.pk])
    director_client.post(url, {"add": "1", "session": first.pk})
    answer = director_client.post(url, {"add": "1", "session": wrong.pk}, follow=True)
    assert "1 of its 4 pairs played the event&#x27;s other sessions." in answer.content.decode()


def test_a_session_of_another_club_posted_to_the_page_is_refused(director_client, club, event):
    elsewhere = Club.objects.create(name="Hillside", slug="hillside")
    theirs = played_night(elsewhere, 1, PAIRS, [10, 8])
    url = reverse("director:event", args=[club.slug, event.pk])
    answer = director_client.post(url, {"add": "1", "session": theirs.pk})
    assert answer.status_code == 400 and not EventSession.objects.exists()
    other_event = event_create(club=elsewhere, name="Theirs", method="percentage")
    assert director_client.get(reverse("director:event", args=[club.slug, other_event.pk])).status_code == 404


def test_the_ranking_is_read_in_two_queries_however_many_sessions_and_pairs(
    event, two_nights, django_assert_num_queries
):
    for session in two_nights:
        event_session_add(event=event, session=session)
    with django_assert_num_queries(2):  # the event's sessions, then their standings with the pairs' players
        table = event_standings(event)
        assert [row.pair.names for row in table.rows]


def test_a_session_added_to_two_events_at_once_is_refused_by_the_database_not_a_500(
    club, event, two_nights, monkeypatch
):
    """Two directors add one session to two events at the same moment: both pass the check."""
    other = event_create(club=club, name="Winter pairs", method="percentage")
    event_session_add(event=other, session=two_nights[0])
    monkeypatch.setattr("tournaments.season.services.events.check_session_joins", lambda event, session: None)
    with pytest.raises(ValidationError, match="has just been added to an event"):
        event_session_add(event=event, session=two_nights[0])
    assert list(EventSession.objects.values_list("event__name", flat=True)) == ["Winter pairs"]


def test_a_next_session_whose_name_is_taken_that_day_makes_nothing(director_client, club, event, two_nights):
    event_session_add(event=event, session=two_nights[0])
    url = reverse("director:event", args=[club.slug, event.pk])
    answer = director_client.post(url, {"next": "1", "date": "2026-09-08", "name": "Tuesday"})
    assert answer.status_code == 400 and "already exists" in answer.content.decode()
    assert EventSession.objects.count() == 1 and two_nights[1].pairs.count() == 4


def test_a_double_clicked_next_session_makes_one_session(club, event, two_nights):
    event_session_add(event=event, session=two_nights[0])
    made = event_session_next(event=event, date=datetime.date(2026, 9, 15), name="Autumn pairs 2")
    again = event_session_next(event=event, date=datetime.date(2026, 9, 15), name=" Autumn pairs 2 ")
    assert again == made and EventSession.objects.filter(event=event).count() == 2
