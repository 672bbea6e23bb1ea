"""Teams pages: a director runs a Swiss to the finish; the public sees draw, ranking, scorecards, Butler."""

import re

import pytest
from django.test import Client

from tournaments.bridge.imps import imps
from tournaments.bridge.teams.scoring import victory_points
from tournaments.night.models import Result, SessionState
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.teams.models import TeamMatch, TeamsEvent

pytestmark = pytest.mark.django_db


def create_event(director_client, club, teams=4):
    response = director_client.post(
        "/director/teams/new/",
        {
            "club": club.pk,
            "date": "2026-11-24",
            "name": "Tuesday Swiss",
            "form": "swiss",
            "rounds": 3,
            "boards_per_match": 2,
            "scoring": "wbf_vp",
            "tie_break": "head_to_head",
        },
    )
    event = TeamsEvent.objects.get(name="Tuesday Swiss")
    assert response.status_code == 302 and response["Location"] == f"/director/teams/{event.pk}/"
    for number in range(1, teams + 1):
        players = "\n".join(f"Player {number}{seat}" for seat in "ABCD")
        response = director_client.post(
            f"/director/teams/{event.pk}/teams/", {"name": f"Team {number}", "players": players}
        )
        assert response.status_code == 302
    return event


def enter_board(session, table, board, contract, result):
    pairs = {pair.number: pair for pair in session.pairs.all()}
    entry = ResultEntry(
        ns_pair=pairs[2 * table - 1], ew_pair=pairs[2 * table], contract=contract, declarer="N", result=result
    )
    return result_record(board=session.boards.get(number=board), entry=entry)


def test_a_director_creates_draws_adjusts_publishes_prints_and_finishes(director_client, club):
    event = create_event(director_client, club)
    page = director_client.get("/director/")
    assert "Tuesday Swiss" in page.content.decode()
    three = {"name": "Three", "players": "A\nB\nC"}
    refused = director_client.post(f"/director/teams/{event.pk}/teams/", three)
    assert refused.status_code == 400 and "4 to 6 players, not 3" in refused.content.decode()

    director_client.post(f"/director/teams/{event.pk}/draw/")
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert "drawn, not published" in page and "1 2\n3 4" in page  # round 1 is drawn by seeding
    bad = director_client.post(f"/director/teams/{event.pk}/rounds/1/draw/", {"draw": "1 3\n2 x"})
    assert bad.status_code == 400 and "Line 2" in bad.content.decode()
    director_client.post(f"/director/teams/{event.pk}/rounds/1/draw/", {"draw": "1 3\n4 2"})
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    teams_round = event.rounds_drawn.get(number=1)
    assert teams_round.published and teams_round.session.state == SessionState.PLAY
    draw = [(m.home.number, m.away.number) for m in teams_round.matches.order_by("table")]
    assert draw == [(1, 3), (4, 2)]

    cards = director_client.get(f"/director/teams/{event.pk}/rounds/1/cards/").content.decode()
    assert cards.count("<svg") == 4 and len(set(re.findall(r"/table/[\w-]+/", cards))) == 4
    assert "Table 2" in cards and "3 Team 3" in cards

    session = teams_round.session
    for table, result in ((1, "="), (2, "-1"), (3, "="), (4, "=")):
        enter_board(session, table, 1, "4S", result)
        enter_board(session, table, 2, "2S", "=")
    grid = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert "2/2" in grid and f"{victory_points(imps(470), 2)[0]:.2f}" in grid
    director_client.post(f"/director/teams/{event.pk}/draw/")
    assert event.rounds_drawn.count() == 2

    finished = director_client.post(f"/director/teams/{event.pk}/finish/", {"confirm": "yes"})
    assert finished.status_code == 302
    page = director_client.get(finished["Location"]).content.decode()
    assert "Publish or draw again" in page  # round 2 is drawn but not published
    director_client.post(f"/director/teams/{event.pk}/rounds/2/publish/")
    # Round 2 is not played and round 3 not drawn: finished only when the director insists.
    director_client.post(f"/director/teams/{event.pk}/finish/", {"confirm": "yes", "anyway": "yes"})
    event.refresh_from_db()
    assert event.state == SessionState.FINISHED
    assert set(event.rounds_drawn.values_list("session__state", flat=True)) == {SessionState.FINISHED}


def test_another_clubs_director_is_refused(client, club, django_user_model, director_client):
    event = create_event(director_client, club)
    stranger = django_user_model.objects.create_user(username="stranger", password="pw-stranger-123")
    client.force_login(stranger)
    assert client.get(f"/director/teams/{event.pk}/").status_code == 403
    assert client.post(f"/director/teams/{event.pk}/draw/").status_code == 403


def test_the_public_sees_the_draw_ranking_scorecard_and_butler(director_client, club):
    client = Client()
    event = create_event(director_client, club)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    assert "the draw" not in client.get(f"/teams/{event.pk}/").content.decode()  # not published yet
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    session = event.rounds_drawn.get(number=1).session
    enter_board(session, 1, 1, "4S", "=")  # home NS +420 at table 1
    card = client.get(f"/teams/{event.pk}/rounds/1/matches/1/").content.decode()
    assert "played at one table" in card and "4S N =" not in card  # table 2 has still to play it
    enter_board(session, 2, 1, "4S", "-1")
    card = client.get(f"/teams/{event.pk}/rounds/1/matches/1/").content.decode()
    assert "4S N =" in card and "4S N -1" in card and f">{imps(470)}<" in card
    match = TeamMatch.objects.get(round__event=event, table=1)
    assert f"{match.home_vp:.2f}" in card

    public = client.get(f"/teams/{event.pk}/").content.decode()
    assert "Round 1: the draw" in public and "Team 1" in public and "Team 2" in public
    ranking = public[public.index('id="ranking"') :]
    assert ranking.index("Team 1") < ranking.index("Team 2")  # Team 1 leads by a board's swing
    assert f"/teams/{event.pk}/" in client.get(f"/club/{club.slug}/").content.decode()

    butler = client.get(f"/teams/{event.pk}/butler/").content.decode()
    assert "Player 1A - Player 1B" in butler
    assert client.get(f"/teams/{event.pk}/rounds/1/matches/9/").status_code == 404
    assert Result.objects.filter(board__session=session).count() == 2


def test_a_rounds_session_pages_work_as_a_pairs_sessions(director_client, club):
    """The round's session is an ordinary session: its director and public pages all answer."""
    event = create_event(director_client, club)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    session = event.rounds_drawn.get(number=1).session
    enter_board(session, 1, 1, "3NT", "=")
    enter_board(session, 2, 1, "3NT", "+1")
    pages = [
        f"/director/sessions/{session.pk}/",
        f"/director/sessions/{session.pk}/boards/1/",
        f"/director/sessions/{session.pk}/audit/",
        f"/director/sessions/{session.pk}/tables/",
        f"/director/sessions/{session.pk}/cards/tables/",
        f"/director/sessions/{session.pk}/rounds/1/tables/3/",
        f"/session/{session.pk}/",
    ]
    for page in pages:
        assert director_client.get(page).status_code == 200, page
    board = director_client.get(f"/director/sessions/{session.pk}/boards/1/").content.decode()
    assert "3NT" in board


def test_a_team_of_six_rests_two_players_in_a_round(director_client, club):
    event = create_event(director_client, club, teams=3)
    six = "\n".join(f"Player 4{seat}" for seat in "ABCDEF")
    director_client.post(f"/director/teams/{event.pk}/teams/", {"name": "Team 4", "players": six})
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    url = f"/director/teams/{event.pk}/rounds/1/pairs/"
    page = director_client.get(url).content.decode()
    assert "4: Player 4A, Player 4B / Player 4C, Player 4D" in page
    refused = director_client.post(url, {"lineups": "4: Player 4E, Player 4F / Player 4A, Player 1A"})
    assert refused.status_code == 400 and "Player 1A does not play for Team 4" in refused.content.decode()
    director_client.post(url, {"lineups": "4: Player 4E, Player 4F / Player 4A, Player 4B"})
    session = event.rounds_drawn.get(number=1).session
    match = TeamMatch.objects.get(round__event=event, away__number=4)  # seeded 3 v 4: Team 4 is away
    first, second = (session.pairs.get(number=n) for n in (4 * match.table - 2, 4 * match.table - 1))
    assert (first.player1.name, first.player2.name) == ("Player 4E", "Player 4F")  # EW at the first table
    assert (second.player1.name, second.player2.name) == ("Player 4A", "Player 4B")  # NS at the second
    enter_board(session, 2 * match.table, 1, "3NT", "=")
    late = director_client.post(url, {"lineups": "4: Player 4A, Player 4B / Player 4C, Player 4D"})
    assert late.status_code == 400 and "has results in round 1" in late.content.decode()
    butler = Client().get(f"/teams/{event.pk}/butler/").content.decode()
    assert "Player 4E - Player 4F" in butler


def test_the_butler_shows_initials_for_a_player_who_asked(director_client, club):
    from tournaments.core.models import Player

    event = create_event(director_client, club)
    Player.objects.filter(name="Player 1A").update(shown_by_initials=True)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    enter_board(event.rounds_drawn.get(number=1).session, 1, 1, "3NT", "=")
    butler = Client().get(f"/teams/{event.pk}/butler/").content.decode()
    assert "Player 1A" not in butler and "Player 1B" in butler
