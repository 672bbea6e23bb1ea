"""Owe a refit of the ratings when a session's results change, and do it in a job, once for many.

Finishing a session used to refit every rating over every finished session of the site
inside the finish's transaction and write gate: 0.07 s for a club's 4,800 results, 15 s
for a federation's million. Now the finish (a correction of a finished session, a
reopen, a merge, an imported file) only writes a ``RatingDue`` row in its own
transaction (``ratings_owed``), which costs the same whatever the history, and in the
same transaction asks for a job of the task queue (``core.services.jobs``) to run
``RATING_REFIT_DELAY`` seconds later, unless one is waiting already: the sessions
finished meanwhile (a teams event's rounds, a club's two sections, a federation's
evening) are refitted together by the job that waits.

The rows owed and the job commit with the finish, so nothing is lost when a process
dies: a worker that dies mid-refit leaves the job to be run again, and any refit does
every row owed (``rating_refit.ratings_refit_owed``), so a job run twice finds nothing
left the second time. A refit that fails is retried by the queue, its rows owed
meanwhile; ``manage.py rate_players --owed`` does them at once. Where jobs run inline
(the test suite) the refit runs inside the finish, as it always did.
"""

from __future__ import annotations

from django.conf import settings

from tournaments.core.services.jobs import JobNotDue, enqueue_unless_waiting, job
from tournaments.night.models import ScoringMethod, Session, SessionState
from tournaments.season.models import RatingDue
from tournaments.season.services.rating_refit import ratings_refit_owed

RETRY_AFTER = (5.0, 30.0, 120.0, 600.0)


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
    """Ask for the refit in the caller's transaction, unless a job waiting will do it."""
    enqueue_unless_waiting(ratings_refit, after=settings.RATING_REFIT_DELAY)


@job(retry_after=RETRY_AFTER)
def ratings_refit() -> int:
    """The queue's job: do every refit owed; return the rows owed it did.

    A refit that gave way to another each time leaves its rows owed: the job is run again
    later, as the other refit may since have done them.
    """
    done = ratings_refit_owed()
    if not done and RatingDue.objects.exists():
        raise JobNotDue(settings.RATING_REFIT_DELAY)
    return done
