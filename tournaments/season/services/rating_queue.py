"""Owe a refit of the ratings when a session's results change, and do it after the commit, once for many.

Finishing a session used to refit every rating over every finished session of the site
inside the finish's transaction and write gate: 0.07 s for a club's 4,800 results, 15 s
for a federation's million. Now the finish (a correction of a finished session, a
reopen, a merge, an imported file) only writes a ``RatingDue`` row in its own
transaction (``ratings_owed``), which costs the same whatever the history, and asks for
a refit once it commits. The refit (``rating_refit.ratings_refit_owed``) runs on the
settle timers' threads (``night.services.settle_timers``) ``RATING_REFIT_DELAY``
seconds later, so the sessions finished meanwhile (a teams event's rounds, a club's two
sections, a federation's evening) are refitted together: a refit asked for while one is
waiting joins it. It runs in the background as the board analyses do; the test suite
(``RATINGS_IN_BACKGROUND = False``) refits at once, inside the finish, as before.

Nothing is lost when a process dies between the commit and the refit: the rows owed are
in the database. Any refit does every row owed, so the next finish anywhere on the site
does the lost one too; each process also looks for rows owed once, at its first request
(``refit_owed_at_start``), and ``manage.py rate_players --owed`` does them at once
(cron, after a restart). A refit that fails is tried again after ``RETRY_AFTER``
seconds, and its rows stay owed meanwhile.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import transaction

from tournaments.night.models import ScoringMethod, Session, SessionState
from tournaments.night.services.settle_timers import run_later
from tournaments.season.models import RatingDue
from tournaments.season.services.rating_refit import ratings_refit_owed

logger = logging.getLogger(__name__)

RETRY_AFTER = (5.0, 30.0, 120.0)

_lock = threading.Lock()
_state = {"waiting": False, "running": 0, "started": False}
_done = threading.Condition(_lock)


def ratings_owed(session: Session | None = None, *, session_id: int | None = None) -> None:
    """Owe a refit for a session whose counted results changed, in the caller's transaction (write)."""
    RatingDue.objects.create(session_id=session.pk if session is not None else session_id)
    _after_commit()


def ratings_owed_everything() -> None:
    """Owe a full refit (``manage.py rate_players`` without waiting, a change to many players)."""
    RatingDue.objects.create(session_id=None)
    _after_commit()


def rates(session: Session) -> bool:
    """Whether a session's results are rated: a finished matchpoint session (IMPs are another scale)."""
    return session.scoring == ScoringMethod.MATCHPOINTS and session.state == SessionState.FINISHED


def _after_commit() -> None:
    if not settings.RATINGS_IN_BACKGROUND:
        ratings_refit_owed()  # in the caller's transaction, as the finish's refit always was
        return
    transaction.on_commit(ratings_refit_soon)


def ratings_refit_soon() -> None:
    """Have the owed refit done ``RATING_REFIT_DELAY`` seconds from now, unless one is waiting already."""
    with _lock:
        if _state["waiting"]:
            return
        _state["waiting"] = True
    run_later(settings.RATING_REFIT_DELAY, _refit, 0)


def _refit(attempt: int) -> None:
    """The timer's job: take the wait's place (a refit asked for from now on waits anew), then refit."""
    with _lock:
        if attempt == 0:
            _state["waiting"] = False
        _state["running"] += 1
    try:
        ratings_refit_owed()
    except Exception:  # noqa: BLE001 - the rows stay owed; a later try, or the next finish, does them
        logger.exception("Refitting the ratings failed (try %d)", attempt + 1)
        if attempt < len(RETRY_AFTER):
            run_later(RETRY_AFTER[attempt], _refit, attempt + 1)
    finally:
        with _lock:
            _state["running"] -= 1
            _done.notify_all()


def ratings_wait(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds until no refit waits or runs here; True if none (tests, bench)."""
    with _lock:
        return _done.wait_for(lambda: not _state["waiting"] and not _state["running"], timeout)


def refit_owed_at_start(**_: Any) -> None:
    """At a process's first request, have a refit owed by a process that died done (one query, later)."""
    with _lock:
        if _state["started"] or not settings.RATINGS_IN_BACKGROUND:
            return
        _state["started"] = True
    run_later(0.0, _refit_if_owed)


def _refit_if_owed() -> None:
    if RatingDue.objects.exists():
        ratings_refit_soon()
