"""What a teams table's phone is told (issue 28): its match, the swing against the other table, what next.

A teams round is a one-round session, so the pairs' "the night is over" card came up
after round 1 of a 3-round Swiss, and the board's traveller compared the table with the
whole room by matchpoints. A teams table's phone now names the teams, gives each board's
swing against the match's other table and the match so far in IMPs and VPs, and after
the round says the next one is to be drawn, then where each of its pairs plays it.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.bridge.imps import imps
from tournaments.bridge.teams.scoring import victory_points
from tournaments.night.models import Session, TableAccess
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.teams.models import TeamsEvent

pytestmark = pytest.mark.django_db

BOARDS = 2


@pytest.fixture
def event(club) -> TeamsEvent:
    return teams_event_build(club, name="Phone Swiss", boards_per_match=BOARDS)


def _publish(event: TeamsEvent) -> Session:
    return swiss_round_published(event).session


def _token(session: Session, table: int) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _send(client, session: Session, table: int, board: int, tricks: int) -> None:
    """Table ``table`` enters 4S by North making ``tricks`` on ``board``."""
    body = {
        "key": f"s{session.pk}-t{table}-b{board}-key",
        "round": 1,
        "board": board,
        "contract": "4S",
        "declarer": "N",
        "tricks": str(tricks),
    }
    answer = client.post(
        reverse("table_submit", args=[_token(session, table)]),
        data=json.dumps(body),
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content


def _state(client, session: Session, table: int) -> dict:
    return client.get(reverse("table_state", args=[_token(session, table)])).json()


def _traveller(client, session: Session, table: int, board: int) -> dict:
    return client.get(reverse("table_traveller", args=[_token(session, table), board])).json()


def _play_round(client, session: Session) -> None:
    for table in range(1, 5):
        for board in range(1, BOARDS + 1):
            _send(client, session, table, board, 10)
    scores_settle(session)


def test_a_teams_table_is_told_its_match_and_the_round_of_the_event(client, event):
    session = _publish(event)  # seeded: 1 v 2 at tables 1-2, 3 v 4 at tables 3-4
    state = _state(client, session, 2)
    teams = state["teams"]
    assert (teams["round"], teams["rounds"], teams["last"]) == (1, 3, False)
    match = teams["match"]
    assert (match["number"], match["home"], match["away"]) == (1, "Team 1", "Team 2")
    assert (match["ns"], match["ew"]) == ("Team 2", "Team 1")  # the away team sits NS at the second table
    assert match["score"] == "No board is in at both tables yet."


def test_after_round_1_of_3_the_phone_says_the_next_round_is_drawn_not_that_the_night_is_over(client, event):
    session = _publish(event)
    _send(client, session, 1, 1, 10)
    _send(client, session, 1, 2, 10)

    moves = _state(client, session, 1)["moves"]

    assert "night is over" not in moves["title"]
    assert moves["title"].startswith("Round 1 of 3 is over. The director draws round 2")
    assert moves["lines"] == []
    assert moves["boards"] == "Boards 1-2: leave them on the table for the director."  # not "the last round"


def test_once_the_next_round_is_published_the_phone_says_where_its_pairs_play_and_links_there(client, event):
    first = _publish(event)
    _play_round(client, first)
    second = _publish(event)  # 1 v 3 and 2 v 4 after a flat round: seeded order, no rematch
    draw = {(m.home.name, m.away.name): m.table for m in event.rounds_drawn.get(number=2).matches.all()}

    moves = _state(client, first, 1)["moves"]  # table 1 sat Team 1's first pair NS, Team 2's EW

    assert moves["title"].startswith("Round 1 of 3 is over. Round 2 is drawn")
    lines = {line["pair"]: line for line in moves["lines"]}
    assert set(lines) == {"Team 1", "Team 2"}
    for team, line in lines.items():
        ((home, away), match) = next((pair, table) for pair, table in draw.items() if team in pair)
        table = 2 * match - 1  # each team's first pair plays at its match's first table
        direction = "North-South" if team == home else "East-West"
        assert line["to"] == f"table {table}, {direction}, round 2"
        assert line["url"] == reverse("table_entry", args=[_token(second, table)])
        assert line["names"] == second.pairs.get(number=2 * table - (1 if team == home else 0)).public_names
    followed = client.get(lines["Team 1"]["url"])
    assert (
        followed.status_code == 200
        and f"Table {2 * draw[next(p for p in draw if 'Team 1' in p)] - 1}" in (followed.content.decode())
    )


def test_after_the_last_round_the_phone_says_the_event_is_over(client, event):
    for _ in range(3):
        session = _publish(event)
        _play_round(client, session)

    moves = _state(client, session, 4)["moves"]

    assert moves["title"] == "Round 3 was the last: Phone Swiss is over. Thank you for playing!"


def test_a_teams_traveller_shows_the_match_tables_the_swing_and_the_match_so_far(client, event):
    session = _publish(event)
    _send(client, session, 1, 1, 10)  # Team 1 NS at table 1: 4S= +420
    _send(client, session, 3, 1, 8)  # another match's table: not on this match's traveller

    waiting = _traveller(client, session, 1, 1)
    assert waiting["teams"] is True and waiting["swing"] is None
    assert [(row["table"], row["ns"], row["ew"], row["mine"]) for row in waiting["rows"]] == [
        (1, "Team 1", "Team 2", True)
    ]
    assert waiting["swing_text"] == "The other table has not entered this board yet."
    assert "ns_percentage" not in waiting and "ns_percentage" not in waiting["rows"][0]

    _send(client, session, 2, 1, 9)  # Team 2 NS at table 2: 4S-1 -50
    traveller = _traveller(client, session, 2, 1)
    swing = imps(470)
    home_vp, away_vp = victory_points(swing, BOARDS)
    assert [(row["table"], row["ns_score"], row["mine"]) for row in traveller["rows"]] == [
        (1, 420, False),
        (2, -50, True),
    ]
    assert traveller["swing"] == {"home": swing, "away": 0}
    assert traveller["swing_text"] == f"Team 1 gain {swing} IMPs on this board."
    match = traveller["match"]
    assert (match["home_imps"], match["away_imps"], match["boards_complete"]) == (swing, 0, 1)
    assert (match["home_vp"], match["away_vp"]) == (home_vp, away_vp)
    assert match["score"] == (
        f"Match so far (1 of {BOARDS} boards):"
        f" Team 1 {swing} - 0 Team 2 IMPs, {home_vp:.2f} - {away_vp:.2f} VPs."
    )
    assert _state(client, session, 1)["teams"]["match"]["score"] == match["score"]
