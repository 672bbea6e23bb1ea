"""Another scorer's PBN file in a session: its deals once, and its results as the travellers."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from endplay.parsers import pbn as endplay_pbn

from tournaments.bridge.formats.pbn import decode_pbn
from tournaments.exchange.services.pbn import pbn_import
from tournaments.night.models import Board, Pair, Result, SessionState
from tournaments.night.services.sessions import session_create

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pbn"
PARY = (FIXTURES / "pary-barometer-one-game-per-table.pbn").read_bytes()
RUTER = (FIXTURES / "ruter-barometer-scoretable.pbn").read_bytes()
DEAL = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"


@pytest.fixture
def howell(club):
    return session_create(club=club, date=datetime.date(2026, 11, 24), name="Barometer", movement="howell")


@pytest.fixture
def mitchell(club):
    return session_create(club=club, date=datetime.date(2026, 11, 24), name="Club pairs", movement="mitchell")


def _stored(session) -> list[tuple[int, str, str, str, int]]:
    return [
        (r.board.number, r.ns_pair.player1.name, r.contract, r.declarer, r.tricks)
        for r in Result.objects.filter(board__session=session).select_related("board", "ns_pair__player1")
    ]


def _file_results(data: bytes) -> list[tuple[int, str, str, str, int]]:
    """Every table's result as endplay reads the file (board, North, contract, declarer, tricks)."""
    rows = []
    for board in endplay_pbn.loads(decode_pbn(data)):
        contract = board.contract
        strain = "NT" if contract.denom.name == "nt" else contract.denom.name[0].upper()
        penalty = {"passed": "", "undoubled": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]
        declarer = contract.declarer.name[0].upper()
        rows.append(
            (
                board.board_num,
                board.info["North"],
                f"{contract.level}{strain}{penalty}",
                declarer,
                contract.level + 6 + contract.result,
            )
        )
    return rows


def test_a_file_of_one_game_per_table_deals_each_board_once_and_only_counts_its_results(howell):
    done = pbn_import(session=howell, data=PARY)
    assert [board.number for board in done.boards] == [1, 2]
    assert (done.results_in_file, done.results_entered) == (16, 0)
    assert not Result.objects.filter(board__session=howell).exists()
    assert not howell.pairs.exists()
    howell.refresh_from_db()
    assert howell.state == SessionState.PREPARATION  # hands alone start nothing


def test_its_results_become_the_travellers_as_the_file_gives_them(howell, director):
    done = pbn_import(session=howell, data=PARY, results=True, user=director)
    assert done.results_entered == 16
    howell.refresh_from_db()
    assert howell.state == SessionState.PLAY  # its results were played (issue 28, point 7)
    assert sorted(_stored(howell)) == sorted(_file_results(PARY))
    pairs = {pair.number: pair.player1.name for pair in howell.pairs.select_related("player1")}
    assert pairs == {number: f"Para-{number}" for number in range(1, 17)}
    # Scored as any entered result: each board's matchpoints and every pair's standing.
    assert not Result.objects.filter(board__session=howell, ns_matchpoints__isnull=True).exists()
    assert howell.pairs.filter(standing__isnull=False).count() == 16


def test_a_club_barometer_score_table_gives_the_file_scores_and_percentages(mitchell):
    done = pbn_import(session=mitchell, data=RUTER, results=True)
    assert done.results_entered == 3
    # The file is cut to board 1: its [TotalScoreTable] totals are over 28 boards, so every
    # pair's total differs from ClubScore's over one and is listed; nothing else differs.
    assert all(difference.startswith("Pair ") for difference in done.differences)
    assert len(done.differences) == 7
    assert (
        "Pair 6 NS (line 26): the file totals 58.33% over 28 boards, ClubScore 100.00% over 1."
        in done.differences
    )
    assert "Pair 2 (line 30): the file totals 46.88%; ClubScore has no result for it." in done.differences
    stored = {
        (r.ns_pair.number, r.ew_pair.number): (r.ns_score, r.lead, round(r.ns_percentage))
        for r in Result.objects.filter(board__session=mitchell).select_related("ns_pair", "ew_pair")
    }
    # The file's Score_NS, Lead and Percentage_NS columns for pairs 6-5, 7-3 and 8-1.
    assert stored == {(6, 5): (800, "SA", 100), (7, 3): (450, "CA", 25), (8, 1): (450, "CA", 25)}
    ns = Pair.objects.get(session=mitchell, direction="NS", number=6)
    assert (ns.player1.name, ns.player2.name) == ("Player 6A", "Player 6B")


def test_a_score_the_file_states_otherwise_is_reported(mitchell):
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
    data = f'[Board "1"]\n[Deal "{DEAL}"]\n{table}1 1 3NT N 9 420 -\n2 2 4H W 10 - 420\n'.encode()
    done = pbn_import(session=mitchell, data=data, results=True)
    assert done.differences == (
        "Board 1, 1 NS against 1 EW (line 4): the file scores NS 420, ClubScore 400.",
    )


def test_a_percentage_the_file_states_otherwise_is_reported(mitchell):
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Percentage_NS"]\n'
    rows = "1 1 3NT N 9 100\n2 2 3NT N 8 0\n3 3 3NT N 9 50.00\n"
    done = pbn_import(
        session=mitchell, data=f'[Board "1"]\n[Deal "{DEAL}"]\n{table}{rows}'.encode(), results=True
    )
    # ClubScore: 3NT= twice (75% each) and 3NT-1 (0%, as the file says).
    assert done.differences == (
        "Board 1, 1 NS against 1 EW (line 4): the file gives NS 100%, ClubScore 75.00%.",
        "Board 1, 3 NS against 3 EW (line 6): the file gives NS 50.00%, ClubScore 75.00%.",
    )


def test_a_result_clubscore_refuses_refuses_the_whole_file_naming_its_line(mitchell):
    table = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    data = f'[Board "1"]\n[Deal "{DEAL}"]\n{table}1 1 3NT N 9\n2 2 8NT N 9\n'.encode()
    with pytest.raises(ValidationError, match="line 5: board 1, pairs 2 and 2"):
        pbn_import(session=mitchell, data=data, results=True)
    assert not Board.objects.filter(session=mitchell).exists()
    assert not mitchell.pairs.exists()


def test_the_command_enters_the_results_when_asked(howell, tmp_path, capsys):
    path = tmp_path / "barometer.pbn"
    path.write_bytes(PARY)
    call_command("import_pbn", str(path), "--session", str(howell.pk))
    assert "also carries 16 results: add --results" in capsys.readouterr().out
    Board.objects.filter(session=howell).delete()
    call_command("import_pbn", str(path), "--session", str(howell.pk), "--results")
    assert "Entered 16 results" in capsys.readouterr().out
    assert Result.objects.filter(board__session=howell).count() == 16


def test_the_upload_page_enters_the_results_when_ticked(director_client, mitchell):
    url = reverse("director:exchange:pbn_upload", args=[mitchell.pk])
    response = director_client.post(
        url, {"file": SimpleUploadedFile("barometer.pbn", RUTER), "results": "on"}, follow=True
    )
    page = response.content.decode()
    assert "Entered 3 results as the boards&#x27; travellers." in page
    assert Result.objects.filter(board__session=mitchell).count() == 3


def _ruter_with_board_one_totals(changed: dict[str, str] | None = None) -> bytes:
    """The Ruter file with its [TotalScoreTable] rows rewritten to board 1 alone: each pair's
    TotalPercentage is its Percentage column in the file's own [ScoreTable] (pair 2 sat out).
    """
    text = RUTER.decode("latin-1")
    lines = text.split("\r\n")
    head = lines.index(next(line for line in lines if line.startswith("[TotalScoreTable")))
    table = lines.index(next(line for line in lines if line.startswith("[ScoreTable")))
    percentages = {}
    for row in lines[table + 1 :]:
        if row.startswith("["):
            break
        cells = row.split()
        ns, ew, ns_pct, ew_pct = cells[2], cells[3], cells[-2], cells[-1]
        if "-" not in (ns, ew):  # a sit-out row is no result
            percentages.update({ns: ns_pct, ew: ew_pct})
    percentages.update(changed or {})
    rows = []
    for row in lines[head + 1 : table]:
        pair = row.split()[2]
        if pair in percentages:
            cells = row.split(" ")
            cells[6] = percentages[pair]  # TotalPercentage
            rows.append(" ".join(cells).replace(" 28 ", " 1 "))  # NrBoards
    return "\r\n".join([*lines[: head + 1], *rows, *lines[table:]]).encode("latin-1")


def test_a_total_score_table_that_agrees_with_clubscores_standings_lists_nothing(mitchell):
    data = _ruter_with_board_one_totals()
    assert data.count(b' 1 "Hallstahammars') + data.count(b' 1 "BK') == 6  # six rows, now of one board
    done = pbn_import(session=mitchell, data=data, results=True)
    assert (done.results_entered, done.differences) == (3, ())


def test_a_pairs_total_the_file_states_otherwise_is_listed_with_both_figures(mitchell):
    done = pbn_import(session=mitchell, data=_ruter_with_board_one_totals({"7": "30.00"}), results=True)
    assert done.differences == ("Pair 7 NS (line 28): the file totals 30.00%, ClubScore 25.00%.",)
    # A hundredth is beyond a file's rounding that writes hundredths.
    done = pbn_import(
        session=session_create(club=mitchell.club, date=mitchell.date, name="Again", movement="mitchell"),
        data=_ruter_with_board_one_totals({"1": "75.01"}),
        results=True,
    )
    assert done.differences == ("Pair 1 EW (line 27): the file totals 75.01%, ClubScore 75.00%.",)
