"""A teams round at the tables: publishing seats it in a session, results on its boards score the matches."""

import pytest
from django.core.exceptions import ValidationError

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.bridge.imps import imps
from tournaments.bridge.scoring import contract_score
from tournaments.bridge.teams.scoring import victory_points
from tournaments.bridge.teams.tables import board_figures, match_pairs, teams_movement
from tournaments.night.models import Movement, ResultChange, ScoringMethod, SessionState
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services.results import (
    AdjustedEntry,
    ResultEntry,
    result_adjust,
    result_correct,
    result_delete,
    result_record,
)
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.table_entry import TableEntry, table_accesses_ensure, table_result_submit
from tournaments.teams.models import TeamMatch
from tournaments.teams.selectors.events import teams_event_ranking
from tournaments.teams.selectors.scorecard import match_scorecard
from tournaments.teams.services.events import swiss_round_draw


def enter(session, table, board, contract, declarer, result, user=None):
    """Enter a result at a table as the director would: the table's pairs from the teams movement."""
    pairs = {pair.number: pair for pair in session.pairs.all()}
    entry = ResultEntry(
        ns_pair=pairs[2 * table - 1],
        ew_pair=pairs[2 * table],
        contract=contract,
        declarer=declarer,
        result=result,
    )
    return result_record(board=session.boards.get(number=board), entry=entry, user=user)


def test_the_teams_movement_seats_each_match_at_two_tables_on_the_same_boards():
    movement = teams_movement(3, 4)
    assert movement.tables == 6 and movement.rounds == 1 and movement.shares
    assert {encounter.boards for encounter in movement.encounters} == {(1, 2, 3, 4)}
    assert [(e.ns, e.ew) for e in movement.encounters_in_round(1)][2:4] == [(5, 6), (7, 8)]
    pairs = match_pairs(2)
    # Match 2 is tables 3 and 4: home NS at 3 (pair 5), away EW at 3 (6), away NS at 4 (7), home EW at 4 (8).
    assert pairs == (5, 6, 7, 8) and pairs.home == (5, 8) and pairs.away == (7, 6)
    with pytest.raises(ValueError, match="matches"):
        teams_movement(0, 4)


def test_publishing_a_round_seats_its_matches_in_a_session_in_play(club):
    event = teams_event_build(club, teams=5, seats="1234")
    teams_round = swiss_round_published(event)
    session = teams_round.session
    assert session.movement == Movement.TEAMS and session.scoring == ScoringMethod.BUTLER
    assert session.state == SessionState.PLAY
    assert session.movement_tables == 4 and session.boards.count() == 2
    assert session_movement(session).encounter(1, 4).boards == (1, 2)
    match = teams_round.matches.get(table=1)
    pairs = {pair.number: pair for pair in session.pairs.select_related("player1", "player2")}
    home_players = {p.name for p in match.home.players.all()}
    away_players = {p.name for p in match.away.players.all()}
    numbers = match_pairs(1)
    for number in numbers.home:
        assert {pairs[number].player1.name, pairs[number].player2.name} <= home_players
    for number in numbers.away:
        assert {pairs[number].player1.name, pairs[number].player2.name} <= away_players
    assert teams_round.matches.get(away=None).table == 3  # the bye comes after the two matches


def test_a_board_scores_once_both_tables_have_it_and_the_match_follows_each_change(club, director):
    event = teams_event_build(club, boards_per_match=2, seats="1234")
    teams_round = swiss_round_published(event)
    session = teams_round.session
    enter(session, 1, 1, "4S", "N", "=")  # home NS at table 1 make 4S: +420 (board 1, none vulnerable)
    match = TeamMatch.objects.get(round=teams_round, table=1)
    assert (match.home_imps, match.home_vp) == (None, None)  # table 2 has still to play it
    enter(session, 2, 1, "4S", "N", "-1")  # away NS at table 2 go one off: -50
    match.refresh_from_db()
    swing = imps(420 - -50)
    assert (match.home_imps, match.away_imps) == (swing, 0)
    assert (match.home_vp, match.away_vp) == victory_points(swing, 2)
    # Board 2 (NS vulnerable): the away team's NS bid and make 3NT at table 2; table 1 stops in 2NT.
    enter(session, 1, 2, "2NT", "N", "+1")
    result = enter(session, 2, 2, "3NT", "N", "=")
    match.refresh_from_db()
    away_swing = imps(contract_score("3NT", 9, True) - contract_score("2NT", 9, True))
    assert (match.home_imps, match.away_imps) == (swing, away_swing)
    assert match.home_vp == victory_points(swing - away_swing, 2)[0]
    # A correction and a deletion move the match too, and go to the audit log as for pairs.
    result_correct(result=result, entry=_entry_like(result, "3NT", "N", "-1"), user=director)
    match.refresh_from_db()
    assert match.away_imps == 0 and match.home_imps == swing + imps(150 - -100)
    result_delete(result=session.boards.get(number=2).results.get(ns_pair__number=3), user=director)
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps) == (swing, 0)
    assert ResultChange.objects.filter(session=session).count() == 6


def _entry_like(result, contract, declarer, outcome):
    return ResultEntry(
        ns_pair=result.ns_pair, ew_pair=result.ew_pair, contract=contract, declarer=declarer, result=outcome
    )


def test_an_artificial_score_at_one_table_gives_three_imps(club):
    event = teams_event_build(club, boards_per_match=1, seats="1234")
    teams_round = swiss_round_published(event)
    session = teams_round.session
    enter(session, 1, 1, "3NT", "S", "=")
    pairs = {pair.number: pair for pair in session.pairs.all()}
    # Table 2 could not play the board: the away pair (NS there) was at fault.
    result_adjust(
        board=session.boards.get(number=1),
        entry=AdjustedEntry(ns_pair=pairs[3], ew_pair=pairs[4], ns_adjustment="A-", ew_adjustment="A+"),
    )
    match = TeamMatch.objects.get(round=teams_round, table=1)
    assert (match.home_imps, match.away_imps) == (3, 0)
    assert board_figures(("A-", "A-"), 420).home == -3  # both at fault: each side's own -3


def test_the_tables_enter_at_their_own_links_and_the_ranking_and_scorecard_follow(club):
    event = teams_event_build(club, boards_per_match=1, seats="1234")
    teams_round = swiss_round_published(event)
    session = teams_round.session
    links = {access.table: access for access in table_accesses_ensure(session)}
    assert sorted(links) == [1, 2, 3, 4]
    for table, result in ((1, "12"), (2, "10"), (3, "9"), (4, "9")):
        table_result_submit(
            access=links[table],
            entry=TableEntry(
                key=f"entry-key-{table}", round=1, board=1, contract="4H", declarer="S", tricks=result
            ),
        )
    with pytest.raises(ValidationError, match="not played at table 1"):
        table_result_submit(
            access=links[1],
            entry=TableEntry(key="entry-key-x", round=1, board=2, contract="4H", declarer="S", tricks="9"),
        )
    scores_settle(session)
    first, second = TeamMatch.objects.filter(round=teams_round).order_by("table")
    assert (first.home_imps, first.away_imps) == (imps(480 - 420), 0)
    assert (second.home_imps, second.away_imps) == (0, 0) and second.home_vp == 10
    ranking = teams_event_ranking(event)
    assert ranking[0].team == first.home and ranking[0].vp == victory_points(imps(60), 1)[0]
    card = match_scorecard(first)
    (board,) = card.boards
    assert [result.tricks for result in board.results] == [12, 10]
    assert card.figures.home_vp == first.home_vp


def test_the_next_round_waits_for_every_table(club):
    event = teams_event_build(club, boards_per_match=2, seats="1234")
    session = swiss_round_published(event).session
    for table in (1, 2, 3, 4):
        enter(session, table, 1, "3NT", "S", "=")
    assert not TeamMatch.objects.filter(home_vp=None).exists()  # VPs so far, after board 1
    with pytest.raises(ValidationError, match="Round 1 still has 4 results to enter"):
        swiss_round_draw(event=event)
    for table in (1, 2, 3, 4):
        enter(session, table, 2, "3NT", "S", "=")
    assert swiss_round_draw(event=event).number == 2
