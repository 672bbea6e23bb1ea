"""A page that finds an overdue settle asks for it once its answer is sent, never while drawing it.

A GET does not write (issue 29, point 2): the page is drawn from the last settled
figures, and when the server closes the response, marked boards with no settle job
waiting or running (one that failed every try) get one (``settle_soon.scores_settle_if_due``,
a row of the task queue). It never queues behind a writer: if one is at work, the next
reader asks. The next poll of the standings then finds a new stamp and reads them.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TypeVar

from django.http import HttpResponseBase

from tournaments.night.services.settle_soon import scores_settle_if_due

logger = logging.getLogger(__name__)

R = TypeVar("R", bound=HttpResponseBase)


def settled_after_answer(response: R, session_id: int, *, marked: bool | None = None) -> R:
    """Return ``response``, set to settle ``session_id``'s overdue marks once it has been sent.

    ``marked`` is the session's ``scores_marked`` when the page read it (False: nothing to
    do, not even a query); None asks the database when the response closes.
    """
    if marked is not False:
        # Django calls a response's closers in ``close()``, after the server has written it,
        # and drops their errors silently: the answer is out whatever the settle does.
        closers = response._resource_closers  # type: ignore[attr-defined] # not in django-stubs
        closers.append(partial(_settle_logged, session_id, marked))
    return response


def _settle_logged(session_id: int, marked: bool | None) -> None:
    try:
        scores_settle_if_due(session_id, marked=marked)
    except Exception:  # noqa: BLE001 - Django would drop it unseen; the marks keep the work
        logger.exception("Settling session %s after a page was sent failed", session_id)
