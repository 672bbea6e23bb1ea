"""What ``/healthz`` reports: the database answers, its migrations are all applied, the task
queue moves (``jobs_figures``), and the capabilities' own figures (the night's analysis
queue) through the ``health_figures`` hook.

Cheap by design, since a supervisor or load balancer asks every few seconds: the
migrations on disk are read once a process; the applied ones are one query, which is
also the proof that the database answers; each figure is one more.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from django.db import DEFAULT_DB_ALIAS
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from tournaments.core.hooks import Hook
from tournaments.core.selectors.jobs import jobs_figures

# A capability adds its figures to the report (each a name and a count), e.g. the night's
# boards waiting for their double-dummy analysis.
health_figures: Hook[[], dict[str, int]] = Hook(
    "health figures",
    receivers=("night.analysis_queue_length",),
)


@dataclass(frozen=True)
class Health:
    """The database's state: migrations the code has that the database has not applied, and figures."""

    pending: list[str]
    figures: dict[str, int] = field(default_factory=dict)
    queue_stuck: bool = False


@cache
def migrations_planned() -> frozenset[tuple[str, str]]:
    """The migrations of this code's graph (squashed ones in place of those they replace)."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def migrations_applied() -> set[tuple[str, str]]:
    """The migrations the database records as applied, from the primary (raises if it does not answer)."""
    rows = MigrationRecorder.Migration.objects.using(DEFAULT_DB_ALIAS).values_list("app", "name")
    return set(rows)


def health_read() -> Health:
    """The database's health; a ``DatabaseError`` (no answer, no migrations table) is the caller's."""
    pending = sorted(f"{app}.{name}" for app, name in migrations_planned() - migrations_applied())
    queue = jobs_figures()
    figures: dict[str, int] = {
        "jobs_oldest_waiting_seconds": queue.oldest_waiting_seconds,
        "jobs_failed_last_day": queue.failed_last_day,
    }
    for part in health_figures():
        figures.update(part)
    return Health(pending, figures, queue_stuck=queue.stuck)
