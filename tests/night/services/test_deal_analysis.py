"""Dealing and PBN uploads answer at once; the double-dummy analyses follow in a thread (issue 24).

The suite analyses inside the request (``BOARD_ANALYSIS_IN_BACKGROUND = False``); these
tests switch the thread on and hold it at a chosen solve (a gate around the solver), so
what the pages show meanwhile is read while the thread waits, never while it writes
(SQLite's shared in-memory test database refuses a read during another thread's write).
"""

from __future__ import annotations

import datetime
import random
import threading
from collections.abc import Iterator

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

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

# Seconds: a bound for the thread's solves (0.1-0.3 s each on an idle machine, many times that
# on a loaded one) and for the gate held while a test reads; each wait ends when its state comes.
WAIT = 120


class Gate:
    """Stands in for the solver: counts the solves, and holds the ``stop_at``-th until ``go``."""

    def __init__(self, stop_at: int) -> None:
        self.stop_at = stop_at
        self.deals: list[str] = []
        self.reached = threading.Event()
        self.go = threading.Event()

    def __call__(self, deal: Deal, number: int) -> analysis.BoardAnalysis:
        self.deals.append(deal.pbn())
        if len(self.deals) == self.stop_at:
            self.reached.set()
            self.go.wait(WAIT)
        return analysis.board_analysis(deal, number)


@pytest.fixture
def in_background(settings) -> None:
    settings.BOARD_ANALYSIS_IN_BACKGROUND = True


@pytest.fixture
def gate(monkeypatch, in_background) -> Iterator[Gate]:
    held = Gate(stop_at=1)
    monkeypatch.setattr(deal_analysis, "board_analysis", held)
    yield held
    held.go.set()  # a thread still running would touch the next test's database
    assert deal_analysis.analysis_wait(WAIT)


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
    """Boards as a process that died before analysing them left them: dealt, no analysis."""
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


@pytest.mark.django_db(transaction=True)
def test_an_upload_answers_before_the_analysis_and_the_session_page_counts_it(director_client, club, gate):
    session = _session(club)
    gate.stop_at = 4  # boards 1-3 stored, the thread holds the 4th solve

    response = _upload(director_client, session, _pbn_boards(10, seed=1))

    assert response.status_code == 302
    assert gate.reached.wait(WAIT)
    assert Board.objects.filter(session=session).exclude(north="").count() == 10
    assert Board.objects.filter(session=session, dd_tricks__isnull=False).count() == 3
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Double-dummy analysis: 3 of 10 boards done" in page
    board_page = director_client.get(reverse("director:board", args=[session.pk, 8])).content.decode()
    assert "being worked out" in board_page
    records = director_client.get(reverse("director:exchange:hand_records", args=[session.pk]))
    assert records.status_code == 200 and "being worked out" in records.content.decode()

    gate.go.set()
    assert deal_analysis.analysis_wait(WAIT)
    _assert_analysed_as_dealt(session)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Double-dummy analysis:" not in page
    assert len(gate.deals) == 10  # each board solved once: the page reads did not start a second run


@pytest.mark.django_db(transaction=True)
def test_a_board_re_dealt_while_it_is_analysed_keeps_its_new_deal(director_client, club, gate):
    session = _session(club)
    first, second = _pbn_boards(6, seed=2), _pbn_boards(6, seed=3)
    assert _upload(director_client, session, first).status_code == 302
    assert gate.reached.wait(WAIT)  # the thread has read board 1's hands and is solving them

    assert _upload(director_client, session, second).status_code == 302  # board 1 re-dealt meanwhile
    gate.go.set()
    assert deal_analysis.analysis_wait(WAIT)

    assert gate.deals[0] == first[0].deal.pbn()  # the old deal was solved, and its write refused
    board = Board.objects.get(session=session, number=1)
    assert board.north == second[0].deal["N"].pbn()
    _assert_analysed_as_dealt(session)


@pytest.mark.django_db(transaction=True)
def test_boards_a_dead_process_left_are_picked_up_when_the_session_page_is_read(director_client, club, gate):
    session = _session(club)
    _store_unanalysed(session, 5, seed=4)

    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()

    assert "Double-dummy analysis: 0 of 5 boards done" in page
    assert gate.reached.wait(WAIT)  # the page's read started the analysis
    gate.go.set()
    assert deal_analysis.analysis_wait(WAIT)
    _assert_analysed_as_dealt(session)


@pytest.mark.django_db(transaction=True)
def test_boards_a_dead_process_left_are_picked_up_by_a_board_page(director_client, club, gate):
    session = _session(club)
    _store_unanalysed(session, 5, seed=5)

    assert director_client.get(reverse("director:board", args=[session.pk, 2])).status_code == 200
    assert gate.reached.wait(WAIT)
    gate.go.set()
    assert deal_analysis.analysis_wait(WAIT)
    _assert_analysed_as_dealt(session)


@pytest.mark.django_db(transaction=True)
def test_dealing_many_boards_leaves_their_analysis_to_the_thread(club, gate):
    session = _session(club)

    boards = boards_deal(session=session, count=12, rng=random.Random(6))

    assert gate.reached.wait(WAIT)
    assert all(board.dd_tricks is None and board.is_dealt for board in boards)  # the answer did not wait
    gate.go.set()
    assert deal_analysis.analysis_wait(WAIT)
    _assert_analysed_as_dealt(session)


@pytest.mark.django_db(transaction=True)
def test_dealing_a_few_boards_analyses_them_in_the_request(club, in_background, monkeypatch):
    started = []
    monkeypatch.setattr(boards_service, "analysis_request", started.append)
    session = _session(club)

    boards = boards_deal(session=session, count=deal_analysis.SYNCHRONOUS_UP_TO, rng=random.Random(7))

    assert all(board.dd_tricks is not None for board in boards)
    assert started == []
    _assert_analysed_as_dealt(session)


@pytest.mark.django_db
def test_the_command_analyses_the_boards_left_waiting(club, capsys):
    session = _session(club)
    _store_unanalysed(session, 3, seed=8)
    Board.objects.create(session=session, number=4)  # not dealt: nothing to analyse

    call_command("analyse_boards")

    assert "Analysed 3 boards in 1 sessions." in capsys.readouterr().out
    assert Board.objects.get(session=session, number=4).dd_tricks is None
    for board in Board.objects.filter(session=session).exclude(north=""):
        assert board.dd_tricks == analysis.board_analysis(_deal_of(board), board.number).tricks
