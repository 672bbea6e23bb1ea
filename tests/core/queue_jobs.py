"""A job for the queue's tests, importable by a worker process: it holds until the test lets it go.

Each run appends ``started`` to ``folder/log``, waits for ``folder/go`` (a bounded poll of a
state the test sets, never a pause for a moment), then appends ``done``, unless a run before
it did: the job is idempotent, as every job of the site must be.
"""

from __future__ import annotations

import time
from pathlib import Path

from tournaments.core.services.jobs import job

HOLD_FOR_AT_MOST = 120.0  # seconds: a bound on the wait for the test's ``go``


@job(retry_after=(0.0,))
def hold_then_record(folder: str) -> str:
    """Record the start, wait for the go, record the work once; return what the log says."""
    log = Path(folder) / "log"
    with log.open("a") as started:
        started.write("started\n")
    deadline = time.monotonic() + HOLD_FOR_AT_MOST
    while not (Path(folder) / "go").exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{folder}/go never came")
        time.sleep(0.01)  # polling the file the test writes
    if "done" not in log.read_text().split():
        with log.open("a") as done:
            done.write("done\n")
    return log.read_text()


class Refused(RuntimeError):
    """The error of a job that fails every try."""


@job(retry_after=(1.0, 2.0))
def always_fails(reason: str) -> None:
    """Fail, every time, with ``reason``: for the retries' tests."""
    raise Refused(reason)
