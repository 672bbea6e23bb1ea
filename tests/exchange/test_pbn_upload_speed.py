"""A 200-board PBN upload that carries its double-dummy tricks does not wait for the solver
(issue 24, point 1: 200 solves held a worker for about 20 s)."""

from __future__ import annotations

import datetime
import random
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
from tournaments.bridge.seats import board_dealer
from tournaments.night import analysis
from tournaments.night.models import Board
from tournaments.night.services.sessions import session_create

pytestmark = pytest.mark.django_db

# Tricks as a dealing program writes them (the same table on every board: the solver is not asked).
TRICKS = {seat: {"C": 6, "D": 7, "H": 5, "S": 8, "NT": 6} for seat in "NS"} | {
    seat: {"C": 7, "D": 6, "H": 8, "S": 5, "NT": 7} for seat in "EW"
}


def test_a_file_with_its_double_dummy_tricks_is_dealt_without_the_solver(director_client, club, monkeypatch):
    """Issue 24, point 1."""
    session = session_create(club=club, date=datetime.date(2026, 11, 23), name="Long", movement="howell")
    rng = random.Random(24)
    boards = [
        PbnBoard(n, deal_from_permutation(random_permutation(rng), dealer=board_dealer(n)), dd_tricks=TRICKS)
        for n in range(1, 201)
    ]

    def no_solver(*args):
        raise AssertionError("the solver was asked for a board whose file gives its tricks")

    monkeypatch.setattr(analysis, "_analyse", no_solver)
    url = reverse("director:exchange:pbn_upload", args=[session.pk])
    started = time.thread_time()  # the request's work in this thread, which a busy machine does not stretch
    response = director_client.post(url, {"file": SimpleUploadedFile("long.pbn", write_pbn(boards).encode())})
    took = time.thread_time() - started

    assert response.status_code == 302
    assert Board.objects.filter(session=session).count() == 200
    assert Board.objects.get(session=session, number=7).dd_tricks == TRICKS
    assert took < 10  # about 1 s of Python for 200 boards; the solver took 20-50 s
