"""A teams event's PBN: every board at both tables of each match, read back by ClubScore's own PBN reader."""

import random

import pytest

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.pbn.reading import read_pbn_file
from tournaments.bridge.formats.pbn.tags import read_games
from tournaments.exchange.selectors.teams_pbn import teams_event_pbn_text
from tournaments.night.models import Result
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.results import AdjustedEntry, ResultEntry, result_adjust, result_record

pytestmark = pytest.mark.django_db


def test_the_pbn_holds_both_rooms_of_every_match_with_their_results(club, director_client):
    event = teams_event_build(club, name="Export Swiss", rounds=1, player="E{team} {seat}")
    session = swiss_round_published(event).session
    boards = boards_deal(session=session, count=2, rng=random.Random(5))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for table, outcome in ((1, "10"), (2, "9"), (3, "11")):
        for board in boards:
            entry = ResultEntry(pairs[2 * table - 1], pairs[2 * table], "4S", "S", outcome)
            result_record(board=board, entry=entry)
    result_record(board=boards[0], entry=ResultEntry(pairs[7], pairs[8], "Pass", "", ""))
    result_adjust(board=boards[1], entry=AdjustedEntry(pairs[7], pairs[8], "A+", "A-"))

    text = director_client.get(f"/director/teams/{event.pk}/pbn/").content.decode()
    assert text == teams_event_pbn_text(event) and text.startswith("% PBN 2.1\r\n% EXPORT")
    read = read_pbn_file(text)
    assert {board.number: board.deal for board in read.boards} == {
        board.number: Deal.from_pbn(f"N:{board.north} {board.east} {board.south} {board.west}")
        for board in boards
    }
    games = [game for game in read_games(text) if game.get("board")]
    assert len(games) == 8  # 2 boards x 4 tables
    rooms = [(game.value("Table"), game.value("Room"), game.value("HomeTeam")) for game in games[:4]]
    assert rooms == [("1a", "Open", "Team 1"), ("1b", "Closed", "Team 1")] * 2
    stored = {
        (r.board.number, r.ns_pair.player1.name): r
        for r in Result.objects.filter(board__session=session).select_related("board", "ns_pair__player1")
    }
    for game in games:
        result = stored[(int(game.value("Board")), game.value("North"))]
        assert game.value("Contract") == ("Pass" if result.is_passed_out else result.contract)
        assert game.value("Result") == ("" if result.tricks is None else str(result.tricks))
        assert game.value("Score") == ("" if result.ns_score is None else f"NS {result.ns_score}")
    assert "{Adjusted score: A+ / A-}" in text
