"""Dealing and PBN uploads answer at once; the boards' analyses follow in a job of the queue (issues 24, 47).

The suite runs jobs inline, analysing inside the request; these tests use the queue's
database backend (``job_queue``), so the analysis is a job that waits for a worker, and
run it when they say, stopping it part-way (a solver that fails) where a test reads the
pages meanwhile. A worker killed mid-job is tested in tests/core/test_job_worker_processes.py.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tests.queue import JobQueue
from tournaments.bridge import Deal, deal_from_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
from tournaments.bridge.seats import board_dealer
from tournaments.night import analysis
from tournaments.night.models import Board, Session
from tournaments.night.services import boards as boards_service
from tournaments.night.services import deal_analysis
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.sessions import session_create

pytestmark = pytest.mark.django_db

ANALYSIS_JOB = deal_analysis.session_boards_analyse.module_path


class SolverStopsAt:
    """Stands in for the solver: counts the solves, and fails the ``stop_at``-th once (a job cut short)."""

    def __init__(self, stop_at: int | None = None, during: Callable[[], None] | None = None) -> None:
        self.stop_at = stop_at
        self.during = during
        self.deals: list[str] = []

    def __call__(self, deal: Deal, number: int) -> analysis.BoardAnalysis:
        self.deals.append(deal.pbn())
        if len(self.deals) == self.stop_at:
            self.stop_at = None
            raise RuntimeError("the solver stopped here")
        if self.during is not None:
            during, self.during = self.during, None
            during()
        return analysis.board_analysis(deal, number)


@pytest.fixture
def solver(monkeypatch) -> SolverStopsAt:
    counted = SolverStopsAt()
    monkeypatch.setattr(deal_analysis, "board_analysis", counted)
    return counted


def _session(club, name: str = "Long") -> Session:
    return session_create(club=club, date=datetime.date(2026, 11, 24), name=name, movement="howell")


def _pbn_boards(count: int, seed: int) -> list[PbnBoard]:
    """A dealing machine's file without [DoubleDummyTricks]: the solver must be asked."""
    rng = random.Random(seed)
    return [
        PbnBoard(n, deal_from_permutation(random_permutation(rng), dealer=board_dealer(n)))
        for n in range(1, count + 1)
    ]


def _upload(client, session: Session, boards: list[PbnBoard]):
    url = reverse("director:exchange:pbn_upload", args=[session.pk])
    return client.post(url, {"file": SimpleUploadedFile("night.pbn", write_pbn(boards).encode())})


def _store_unanalysed(session: Session, count: int, seed: int) -> None:
    """Boards as dealt before the queue, or by a job that failed every try: dealt, no analysis."""
    for pbn_board in _pbn_boards(count, seed):
        north, east, south, west = (pbn_board.deal[seat].pbn() for seat in "NESW")
        Board.objects.create(
            session=session, number=pbn_board.number, north=north, east=east, south=south, west=west
        )


def _deal_of(board: Board) -> Deal:
    return Deal.from_pbn(f"N:{board.north} {board.east} {board.south} {board.west}")


def _assert_analysed_as_dealt(session: Session) -> None:
    """Every dealt board holds the solver's analysis of the hands it holds now."""
    for board in Board.objects.filter(session=session):
        expected = analysis.board_analysis(_deal_of(board), board.number)
        assert (board.dd_tricks, board.par_score, board.par_contracts) == (
            expected.tricks,
            expected.par_score,
            expected.par_contracts,
        ), f"board {board.number}"


def test_an_upload_answers_before_the_analysis_and_the_session_page_counts_it(
    director_client,
    club,
    solver,
    job_queue: JobQueue,
):
    session = _session(club)
    solver.stop_at = 4  # boards 1-3 stored, then the job is cut short

    response = _upload(director_client, session, _pbn_boards(10, seed=1))

    assert response.status_code == 302
    assert solver.deals == [] and len(job_queue.rows(ANALYSIS_JOB)) == 1  # answered; the job waits
    job_queue.run_due()
    assert Board.objects.filter(session=session).exclude(north="").count() == 10
    assert Board.objects.filter(session=session, dd_tricks__isnull=False).count() == 3
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Double-dummy analysis: 3 of 10 boards done" in page
    board_page = director_client.get(reverse("director:board", args=[session.pk, 8])).content.decode()
    assert "being worked out" in board_page
    records = director_client.get(reverse("director:exchange:hand_records", args=[session.pk]))
    assert records.status_code == 200 and "being worked out" in records.content.decode()
    assert len(job_queue.rows(ANALYSIS_JOB)) == 1  # the pages found the job waiting to be retried

    job_queue.run_waiting()
    _assert_analysed_as_dealt(session)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Double-dummy analysis:" not in page
    assert len(solver.deals) == 11  # each board solved once, and the one cut short again


def test_the_analysis_job_run_twice_solves_nothing_twice(club, solver, job_queue: JobQueue):
    session = _session(club)
    boards_deal(session=session, count=8, rng=random.Random(9))
    job_queue.run_due()
    assert len(solver.deals) == 8

    assert deal_analysis.session_boards_analyse.call(session.pk) == 0

    assert len(solver.deals) == 8
    _assert_analysed_as_dealt(session)


def test_a_board_re_dealt_while_it_is_analysed_keeps_its_new_deal(
    director_client,
    club,
    solver,
    job_queue: JobQueue,
):
    session = _session(club)
    first, second = _pbn_boards(6, seed=2), _pbn_boards(6, seed=3)
    assert _upload(director_client, session, first).status_code == 302
    # While the job solves board 1's first deal, the director uploads the second file.
    solver.during = lambda: _upload(director_client, session, second)

    job_queue.run_waiting()

    assert solver.deals[0] == first[0].deal.pbn()  # the old deal was solved, and its write refused
    board = Board.objects.get(session=session, number=1)
    assert board.north == second[0].deal["N"].pbn()
    _assert_analysed_as_dealt(session)


@pytest.mark.parametrize("page", ["director:session", "director:board"])
def test_boards_left_without_a_job_are_picked_up_when_a_page_shows_them(
    director_client,
    club,
    solver,
    job_queue: JobQueue,
    page,
):
    session = _session(club)
    _store_unanalysed(session, 5, seed=4)
    args = [session.pk] if page == "director:session" else [session.pk, 2]

    assert director_client.get(reverse(page, args=args)).status_code == 200
    assert director_client.get(reverse(page, args=args)).status_code == 200

    assert len(job_queue.rows(ANALYSIS_JOB)) == 1  # the second read found the first's job waiting
    job_queue.run_due()
    _assert_analysed_as_dealt(session)
    assert len(solver.deals) == 5


def test_dealing_many_boards_leaves_their_analysis_to_a_job(club, solver, job_queue: JobQueue):
    session = _session(club)

    boards = boards_deal(session=session, count=12, rng=random.Random(6))

    assert all(board.dd_tricks is None and board.is_dealt for board in boards)  # the answer did not wait
    assert solver.deals == []
    job_queue.run_due()
    _assert_analysed_as_dealt(session)


def test_dealing_a_few_boards_analyses_them_in_the_request(club, job_queue: JobQueue, monkeypatch):
    started = []
    monkeypatch.setattr(boards_service, "analysis_request", started.append)
    session = _session(club)

    boards = boards_deal(session=session, count=deal_analysis.SYNCHRONOUS_UP_TO, rng=random.Random(7))

    assert all(board.dd_tricks is not None for board in boards)
    assert started == [] and job_queue.rows(ANALYSIS_JOB) == []
    _assert_analysed_as_dealt(session)


def test_the_command_analyses_the_boards_left_waiting(club, capsys):
    session = _session(club)
    _store_unanalysed(session, 3, seed=8)
    Board.objects.create(session=session, number=4)  # not dealt: nothing to analyse

    call_command("analyse_boards")

    assert "Analysed 3 boards in 1 sessions." in capsys.readouterr().out
    assert Board.objects.get(session=session, number=4).dd_tricks is None
    for board in Board.objects.filter(session=session).exclude(north=""):
        assert board.dd_tricks == analysis.board_analysis(_deal_of(board), board.number).tricks
