"""Done when (issue 50): a finished phone night with leads shows each player's board list with
roles, double-dummy tricks and lead costs that agree with endplay run here independently,
and the re-scored matchpoints agree with a hand-worked example.

The worked example, board 1 (nobody vulnerable), played at tables 1, 2 and 3, each in 3NT
by North; North's double-dummy tricks in no trump are ``t``. Tables 1 and 3 take ``t``,
table 2 takes ``t - 1``: whatever ``t``, tables 1 and 3 score the same, s, and table 2
scores less, s' < s. North-South at table 2 beat no one: 0 of a top of 2 matchpoints.
Had North taken ``t`` tricks he would have scored s too, tied both other tables: 1/2 +
1/2 = 1 of 2. So the trick short cost North-South 1 matchpoint (50% of the board), and
the rule tree (a swing of a quarter of the top, 0.5, decides) calls it declarer play.
The rule tree measures the play from the position the lead left: where table 2's lead
gave a trick away (double-dummy ``t + 1`` after it), North could have scored more than
s and beaten both tables, 2 of 2: the play cost 2. East-West at table 2, who defended,
gained what the play cost North-South: the declarer's slip, luck, -1 or -2.
"""

from __future__ import annotations

import functools
import re

import pytest
from django.db.models import Q
from django.urls import reverse
from endplay.dds import calc_dd_table, solve_board
from endplay.types import Deal, Denom, Player

from tournaments.analysis.models import AnalysisSharing, LeadSolve
from tournaments.night.models import Board, Pair, Result

pytestmark = pytest.mark.django_db

SEATS = "NESW"
ROLE_WORDS = {"declarer": "Declarer", "dummy": "Dummy", "on_lead": "On lead", "defender": "Defender"}
ROW = re.compile(r'<tr id="board-(\d+)" class="analysis-board">(.*?)</tr>', re.S)


def _independent_role(seat: str, declarer: str) -> str:
    offset = (SEATS.index(seat) - SEATS.index(declarer)) % 4
    return ("declarer", "on_lead", "dummy", "defender")[offset]


@functools.cache
def _solve(hands: str, leader: str) -> dict[str, int]:
    deal = Deal(hands)
    deal.first = Player.find(leader)
    deal.trump = Denom.nt
    return {f"{card.suit.name[0].upper()}{card.rank.abbr}": tricks for card, tricks in solve_board(deal)}


@functools.cache
def _dd(hands: str, declarer: str) -> int:
    return int(calc_dd_table(Deal(hands))[Denom.nt, Player.find(declarer)])


def _independent_solve(board: Board, leader: str) -> dict[str, int]:
    return _solve(f"N:{board.north} {board.east} {board.south} {board.west}", leader)


def _independent_dd(board: Board, declarer: str) -> int:
    return _dd(f"N:{board.north} {board.east} {board.south} {board.west}", declarer)


def _cell(row: str, css: str) -> str:
    match = re.search(rf'<td class="{css}">(.*?)</td>', row, re.S)
    assert match is not None, (css, row)
    return match.group(1)


def test_each_players_board_list_agrees_with_endplay_run_independently(client, night) -> None:
    session, sent = night
    AnalysisSharing.objects.bulk_create(
        AnalysisSharing(player=pair.player1, public=True) for pair in session.pairs.all()
    )
    AnalysisSharing.objects.bulk_create(
        AnalysisSharing(player=pair.player2, public=True) for pair in session.pairs.all()
    )
    boards = {b.number: b for b in Board.objects.filter(session=session)}
    checked = 0
    for pair in Pair.objects.filter(session=session).select_related("player1", "player2"):
        for player in (pair.player1, pair.player2):
            seat = player.name[0]  # the seated Mitchell names each player by his seat: 'North 1', 'West 2'
            page = client.get(reverse("player_evening", args=[session.pk, player.pk]))
            assert page.status_code == 200
            rows = dict(ROW.findall(page.content.decode()))
            assert len(rows) == 6  # three rounds of two boards
            for number, row in rows.items():
                board = boards[int(number)]
                result = Result.objects.get(Q(ns_pair=pair) | Q(ew_pair=pair), board=board)
                mine = next(s for s in sent if (s.board, s.lead) == (board.number, result.lead))
                assert _cell(row, "role") == ROLE_WORDS[_independent_role(seat, mine.declarer)]
                available = _independent_dd(board, mine.declarer)
                assert f"{available} available, {mine.tricks} taken" in _cell(row, "dd")
                leader = SEATS[(SEATS.index(mine.declarer) + 1) % 4]
                solve = _independent_solve(board, leader)
                led = mine.lead.replace("10", "T")
                cost = max(solve.values()) - solve[led]
                assert f'data-cost="{cost}"' in _cell(row, "lead")
                checked += 1
    assert checked == 12 * 6


def test_the_lead_solves_ran_once_per_board_leader_and_strain(night) -> None:
    session, sent = night
    assert LeadSolve.objects.filter(board__session=session).count() == len(
        {(s.board, s.declarer) for s in sent}
    )


def test_the_trick_short_cost_what_the_worked_example_says(client, night) -> None:
    session, sent = night
    short = next(s for s in sent if s.board == 1 and s.table == 2)
    others = [s for s in sent if s.board == 1 and s.table != 2]
    assert [s.tricks for s in others] == [short.tricks + 1] * 2
    result = Result.objects.get(board__session=session, board__number=1, tricks=short.tricks)
    north = result.ns_pair.player1
    AnalysisSharing.objects.create(player=north, public=True)
    east = result.ew_pair.player1
    AnalysisSharing.objects.create(player=east, public=True)
    row = dict(
        ROW.findall(client.get(reverse("player_evening", args=[session.pk, north.pk])).content.decode())
    )["1"]
    assert _cell(row, "num points") == "0.0"
    assert "at double-dummy: 1.0" in _cell(row, "rescored")
    solve = _independent_solve(result.board, "E")
    lead_gave_a_trick = max(solve.values()) > solve[short.lead.replace("10", "T")]
    play_cost = 2.0 if lead_gave_a_trick else 1.0
    assert _cell(row, "verdict").strip().startswith(f"Declarer play ({play_cost})")
    row = dict(
        ROW.findall(client.get(reverse("player_evening", args=[session.pk, east.pk])).content.decode())
    )["1"]
    assert _cell(row, "num points") == "2.0"
    assert _cell(row, "verdict").strip().startswith(f"Luck (-{play_cost})")


def test_the_role_averages_on_the_page_are_his_boards_percentages_by_role(client, night) -> None:
    """The evening's averages by role, worked out here from the stored percentages and the
    roles the seats give (declaring: declarer; defending: on lead or the other defender)."""
    session, sent = night
    pair = Pair.objects.get(session=session, direction="NS", number=2)
    player = pair.player2  # South 2: dummy when North declares, on lead when East does
    AnalysisSharing.objects.create(player=player, public=True)
    by_role: dict[str, list[float]] = {"declarer": [], "dummy": [], "on_lead": [], "defender": []}
    for result in Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair), board__session=session):
        by_role[_independent_role("S", result.declarer)].append(result.ns_percentage)
    everything = [p for figures in by_role.values() for p in figures]
    expected = {
        "declaring": by_role["declarer"],
        "defending": by_role["on_lead"] + by_role["defender"],
        "on_lead": by_role["on_lead"],
        "dummy": by_role["dummy"],
        "overall": everything,
    }
    page = client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode()
    for group, figures in expected.items():
        row = re.search(rf'<tr class="role-{group}">(.*?)</tr>', page, re.S)
        assert row is not None
        cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1))
        shown = f"{sum(figures) / len(figures):.1f}" if figures else "–"
        assert cells == [str(len(figures)), shown], group
