"""Solve the opening leads of a finished session, after the answer, on the queue (decision 0079).

For each board, leader and strain a recorded lead was made against, the deal is solved
once with each card the leader holds (endplay's ``solve_board``: DDS's ``SolveBoard`` with
every card scored), and the defence's tricks after each card are stored
(``LeadSolve``). About 0.03 s of CPU a solve: a session of 27 boards has at most 27 x 4
x 5 of them and in practice a few per board (``bench/bench_player_analysis.py``).

The job reads what is still to solve each time it runs, so it is idempotent: a retried or
repeated job solves nothing twice, and a board dealt again since is solved again (its
stored ``deal`` no longer matches). It is asked for when a session finishes (the night's
``session_finished`` hook) and by a page that finds a lead unsolved with no job at it. A
solve never runs in a request: where jobs run inline (the test suite), the job runs at
the enqueue, as every job does there.
"""

from __future__ import annotations

from django.db.models import Q

from tournaments.analysis.models import LeadSolve
from tournaments.bridge.analysis.roles import leader_of
from tournaments.bridge.calls import Contract
from tournaments.bridge.cards import rank_name
from tournaments.core.services.jobs import enqueue_unless_waiting, job, jobs_inline, jobs_running_or_waiting
from tournaments.core.services.writes import write
from tournaments.night.analysis import solver_lock
from tournaments.night.models import Board, Result, Session

_HANDS = ("north", "east", "south", "west")
_SUIT_LETTERS = {0: "S", 1: "H", 2: "D", 3: "C"}  # endplay's Denom numbers
_DENOMS = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
_PLAYERS = {"N": 0, "E": 1, "S": 2, "W": 3}


def deal_text(board: Board) -> str:
    """The four hands as the solve keeps them: PBN from North."""
    return "N:" + " ".join(getattr(board, hand) for hand in _HANDS)


def lead_solve(deal: str, leader: str, strain: str) -> dict[str, int]:
    """The defence's double-dummy tricks after each card ``leader`` may lead against ``strain``."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    position = Deal(deal)
    position.first = Player(_PLAYERS[leader])
    position.trump = Denom(_DENOMS[strain])
    with solver_lock:  # DDS is not reentrant: one solve of the process at a time (night.analysis)
        solved = list(solve_board(position))
    tricks = {f"{_SUIT_LETTERS[int(card.suit)]}{rank_name(int(card.rank).bit_length() - 1)}": int(count)
              for card, count in solved}  # fmt: skip
    return dict(sorted(tricks.items()))


def leads_to_solve(session_id: int) -> list[tuple[Board, str, str]]:
    """The session's (board, leader, strain) with a recorded lead and no solve of the board's deal."""
    results = (
        Result.objects.filter(board__session_id=session_id)
        .exclude(lead="")
        .exclude(Q(contract="") | Q(contract=Result.PASSED_OUT))
        .exclude(board__north="")
        .select_related("board")
    )
    solved = {
        (solve.board_id, solve.leader, solve.strain, solve.deal)
        for solve in LeadSolve.objects.filter(board__session_id=session_id)
    }
    wanted: dict[tuple[int, str, str], tuple[Board, str, str]] = {}
    for result in results:
        leader = leader_of(result.declarer).value
        strain = Contract.parse(result.contract).strain.letter
        if (result.board_id, leader, strain, deal_text(result.board)) not in solved:
            wanted.setdefault((result.board_id, leader, strain), (result.board, leader, strain))
    return [wanted[key] for key in sorted(wanted)]


def leads_solve(session_id: int) -> int:
    """Solve and store each lead of the session still to solve, each by its own short write; how many."""
    stored = 0
    for board, leader, strain in leads_to_solve(session_id):
        deal = deal_text(board)
        tricks = lead_solve(deal, leader, strain)
        with write():
            if Board.objects.filter(pk=board.pk, **{hand: getattr(board, hand) for hand in _HANDS}).exists():
                LeadSolve.objects.update_or_create(
                    board=board, leader=leader, strain=strain, defaults={"deal": deal, "tricks": tricks}
                )
                stored += 1
    return stored


@job(retry_after=(10.0, 60.0, 300.0))
def session_leads_solve(session_id: int) -> int:
    """The queue's job: solve the session's leads still to solve, then store its season figures
    (``services.tallies``); return how many solves were stored."""
    from tournaments.analysis.services.tallies import tallies_store

    solved = leads_solve(session_id)
    tallies_store(session_id)
    return solved


def leads_request(session: Session) -> None:
    """A night finished (or was corrected after): have its leads solved by a job of the queue."""
    enqueue_unless_waiting(session_leads_solve, session.pk)


def leads_resume(session_id: int) -> None:
    """A page found a lead unsolved: ask for the job, unless one waits or runs for the session."""
    if jobs_inline() or not jobs_running_or_waiting(session_leads_solve, session_id):
        enqueue_unless_waiting(session_leads_solve, session_id)
