"""Time a 200-board PBN upload without [DoubleDummyTricks]: analysed in the request, and after it.

``.venv/bin/python bench/bench_pbn_upload.py [BOARDS]``, against a throwaway SQLite
database (or DATABASE_URL if set). Posts the file to the director's upload page as a
browser does, first with the jobs run inline (every deal solved inside the request, as
before issue 24), then on the task queue (the request stores the deals and answers; a
job solves them, run here as a worker would, issue 47): the request's time, the session
page's count before the worker starts, and the time until every board is analysed.
Different deals each time, so the solver's cache does not help the second run.
"""

from __future__ import annotations

import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def pbn_file(count: int, seed: int) -> bytes:
    from tournaments.bridge import deal_from_permutation
    from tournaments.bridge.deck import random_permutation
    from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
    from tournaments.bridge.seats import board_dealer

    rng = random.Random(seed)
    return write_pbn(
        [
            PbnBoard(n, deal_from_permutation(random_permutation(rng), dealer=board_dealer(n)))
            for n in range(1, count + 1)
        ]
    ).encode()


def upload(client, session, data: bytes) -> float:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    url = reverse("director:exchange:pbn_upload", args=[session.pk])
    started = time.perf_counter()
    response = client.post(url, {"file": SimpleUploadedFile("night.pbn", data)})
    took = time.perf_counter() - started
    assert response.status_code == 302, response.status_code
    return took


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    directory = tempfile.mkdtemp(prefix="bench-pbn-upload-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{directory}/bench.sqlite3")
    os.environ.setdefault("SECRET_KEY", "bench-only-key")
    os.environ.setdefault("SECURE_COOKIES", "0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings_test")  # no collectstatic
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client, override_settings
    from django.urls import reverse

    from tournaments.core.models import Club
    from tournaments.core.services.job_worker import run_due_jobs
    from tournaments.night.models import Board
    from tournaments.night.selectors.session_page import analysis_progress
    from tournaments.night.services.sessions import session_create

    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_user(username="bench", password="bench-password-1")
    club = Club.objects.create(name="Bench Club", slug="bench")
    club.directors.add(director)
    client = Client()
    client.force_login(director)

    def session(name: str):
        return session_create(club=club, date=datetime.date(2026, 11, 24), name=name, movement="howell")

    inline = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    queued = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
    with override_settings(ALLOWED_HOSTS=["testserver"], TASKS=inline):
        before = upload(client, session("Before"), pbn_file(count, seed=1))
    print(f"{count}-board PBN upload, analysed in the request (before):  {before:6.2f} s")

    with override_settings(ALLOWED_HOSTS=["testserver"], TASKS=queued):
        after_session = session("After")
        started = time.perf_counter()
        after = upload(client, after_session, pbn_file(count, seed=2))
        print(f"{count}-board PBN upload, analysed after the answer (after): {after:6.2f} s")
        page_started = time.perf_counter()
        page = client.get(reverse("director:session", args=[after_session.pk]))
        page_took = time.perf_counter() - page_started
        progress = analysis_progress(after_session)
        print(
            f"  then the session page answered in {page_took:.2f} s: "
            f"{progress.done} of {progress.dealt} boards analysed (status {page.status_code})"
        )
        run_due_jobs()  # the worker's part
        total = time.perf_counter() - started
    left = Board.objects.filter(session=after_session, dd_tricks__isnull=True).count()
    print(f"  every board analysed {total:6.2f} s after the upload began ({left} left)")


if __name__ == "__main__":
    main()
