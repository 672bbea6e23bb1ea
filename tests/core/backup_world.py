"""A club at play in its own process, for tests/core/test_backup_in_use.py.

``python -m tests.core.backup_world play STOP_FILE`` makes a club and its director, then
plays small nights one after the other until STOP_FILE exists: each result entered as a
director enters it (with its audit entry and the standings), each night finished when
its results are in (which refits the players' ratings). After each write (each a
transaction) it prints ``state <json>``: a digest of every table, so the test knows each
state the database went through. ``... digest`` prints the digest of the database
DATABASE_URL names. Both run on the settings of the test suite.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import random
import sys
from pathlib import Path


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings_test")
    import django

    django.setup()


def digest() -> dict[str, list[object]]:
    """Each model's table (every app's): its row count and a hash of its rows in key order."""
    from django.apps import apps

    tables: dict[str, list[object]] = {}
    for model in apps.get_models(include_auto_created=True):
        rows = list(model._base_manager.order_by("pk").values_list())
        text = repr(rows).encode()
        tables[model._meta.db_table] = [len(rows), hashlib.sha256(text).hexdigest()[:16]]
    return tables


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _state() -> None:
    """Print the state after a write: only this process writes, so it is the database's."""
    _say("state " + json.dumps(digest()))


def _night(club, number: int) -> None:  # noqa: ANN001 - a Club
    """One small night: two NS and two EW pairs, two dealt boards, four results, finished."""
    from tournaments.night.models import Movement
    from tournaments.night.services.boards import boards_deal
    from tournaments.night.services.movement import session_finish, session_start
    from tournaments.night.services.results import ResultEntry, result_record
    from tournaments.night.services.sessions import pair_add, session_create

    session = session_create(
        club=club, date=datetime.date(2026, 12, 1), name=f"Backup night {number}", movement=Movement.MITCHELL
    )
    _state()
    ns, ew = [], []
    for i in (1, 2):
        ns.append(pair_add(session=session, player_names=(f"N{i}", f"S{i}"), direction="NS"))
        _state()
        ew.append(pair_add(session=session, player_names=(f"E{i}", f"W{i}"), direction="EW"))
        _state()
    boards = boards_deal(session=session, count=2, rng=random.Random(number), background=False)
    _state()
    session = session_start(session=session)
    _state()
    for board in boards:
        for index, tricks in enumerate(("9", "8")):
            result_record(board=board, entry=ResultEntry(ns[index], ew[index], "3NT", "N", tricks))
            _state()
    session_finish(session=session)
    _state()


def play(stop: Path) -> None:
    from django.contrib.auth import get_user_model

    from tournaments.core.models import Club

    club = Club.objects.create(name="Backup Bridge Club", slug="backup")
    _state()
    club.directors.add(get_user_model().objects.create_user(username="director", password="x"))
    _state()
    number = 0
    while not stop.exists():
        number += 1
        _night(club, number)


if __name__ == "__main__":
    _setup()
    if sys.argv[1] == "play":
        play(Path(sys.argv[2]))
    else:
        _say(json.dumps(digest()))
