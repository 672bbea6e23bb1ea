"""``/healthz``: 200 when the database answers, its migrations are applied and the task queue
moves; 503 with the reason.

For a process supervisor or a load balancer: JSON, no login, nothing written (no
session, no cookie), a couple of queries (pinned in tests/core/test_health.py).
"""

from __future__ import annotations

from django.db import DatabaseError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.core.selectors.health import health_read

UNAVAILABLE = 503


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    try:
        health = health_read()
    except DatabaseError as error:
        reason = f"the database does not answer: {' '.join(str(error).split())}"
        return JsonResponse({"status": "unavailable", "reason": reason}, status=UNAVAILABLE)
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
