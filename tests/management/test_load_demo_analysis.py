"""The demo's teams boards are analysed before they are played, even left to the background.

Apart from ``test_load_demo.py``, whose tests share one load in a transaction the module
holds open: this test loads the demo with its own settings, into an empty database.
"""

from __future__ import annotations

import pytest

from tests.management.test_load_demo import _load


@pytest.mark.django_db
def test_the_demo_teams_boards_are_analysed_before_they_are_played(job_queue, monkeypatch):
    """Each teams round's boards are played by their double-dummy tricks, so they are analysed
    as they are dealt: left to a job of the queue (as the site does for more than a few
    boards at once), the demo would have raced that job for the boards, or found no analysis to play by."""
    from tournaments.management.commands import load_demo
    from tournaments.night.models import Board
    from tournaments.night.services.deal_analysis import SYNCHRONOUS_UP_TO

    monkeypatch.setattr(load_demo, "TEAMS_BOARDS", SYNCHRONOUS_UP_TO + 1)
    _load()
    teams_boards = Board.objects.filter(session__teams_round__isnull=False)
    # A round's boards are shared by its tables: one set of boards a round.
    assert teams_boards.count() == load_demo.TEAMS_ROUNDS * (SYNCHRONOUS_UP_TO + 1)
    assert not teams_boards.filter(dd_tricks__isnull=True).exists()
