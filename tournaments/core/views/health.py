"""``/healthz``: 200 when the database answers, its migrations are applied and the task queue
moves; 503 with the reason.

For a process supervisor or a load balancer: JSON, no login, nothing written (no
session, no cookie), a couple of queries (pinned in tests/core/test_health.py). A stranger
may ask it, so a database error is told as "the database does not answer" and its detail
(host, port, database and role names) goes to the log, never into the answer.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.core.selectors.health import health_read

UNAVAILABLE = 503
DATABASE_UNAVAILABLE = "the database does not answer"

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    try:
        health = health_read()
    except DatabaseError as error:
        logger.error("healthz: %s: %s", DATABASE_UNAVAILABLE, " ".join(str(error).split()))
        return JsonResponse({"status": "unavailable", "reason": DATABASE_UNAVAILABLE}, status=UNAVAILABLE)
    if health.pending:
        shown = ", ".join(health.pending[:5]) + (" ..." if len(health.pending) > 5 else "")
        reason = f"{len(health.pending)} migrations not applied ({shown}): run manage.py migrate"
        body = {"status": "unavailable", "reason": reason, "pending_migrations": len(health.pending)}
        return JsonResponse({**body, **health.figures}, status=UNAVAILABLE)
    if health.queue_stuck:
        waited = health.figures["jobs_oldest_waiting_seconds"]
        reason = f"the task queue is stuck: a job has waited {waited} s for a worker (manage.py run_jobs)"
        body = {"status": "unavailable", "reason": reason, "pending_migrations": 0}
        return JsonResponse({**body, **health.figures}, status=UNAVAILABLE)
    return JsonResponse({"status": "ok", "pending_migrations": 0, **health.figures})
