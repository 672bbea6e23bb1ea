"""Ask for work after the answer: a job on the task queue, written in the caller's transaction.

The queue is Django's Tasks framework (the ``django-tasks`` backport) with its database
backend (``django-tasks-db``): a job is a row of ``DBTaskResult``, inserted in the
transaction of the write that asks for it, so it exists if and only if that write commits,
and no process's death loses it. Workers (``manage.py run_jobs``, ``services.job_worker``)
are processes of their own, as many as wanted, on any machine that reaches the database
(docs/decisions/0063-task-queue.md).

Every job is idempotent: it reads what is still to do from the database and does that,
so a job run twice (retried, or run again after its worker died) does no harm.

``job(retry_after=...)`` declares one: a task whose failures are tried again after each of
those waits, then left failed with its error in the admin (``core.admin``). A job that
finds its moment has not come (a rescoring while the tables still send) raises
``JobNotDue``: the worker runs it again that much later, without counting a failure.

The test suite's backend runs a job inline when it is enqueued (``settings_test.TASKS``); a
job whose effects leave the database (``after_commit=True``: an email) then waits for the
caller's commit, as it does when a worker runs it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task, task_backends
from django_tasks.backends.immediate import ImmediateBackend
from django_tasks.base import Task, TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tournaments.core.services.writes import locked, write

T = TypeVar("T")

# Seconds before each new try of a job that failed, unless the job says otherwise.
RETRY_AFTER = (5.0, 30.0, 120.0, 600.0)


@dataclass(frozen=True)
class JobPolicy:
    """How a job is retried, and whether it waits for its caller's commit when run inline."""

    retry_after: tuple[float, ...] = RETRY_AFTER
    after_commit: bool = False


_policies: dict[str, JobPolicy] = {}


class JobNotDue(Exception):  # noqa: N818 - a signal to the worker, not an error
    """Raised by a job whose moment has not come: run it again ``after`` seconds from now."""

    def __init__(self, after: float) -> None:
        super().__init__(f"not due for {after:.3f} s")
        self.after = after


def job(
    *,
    retry_after: tuple[float, ...] = RETRY_AFTER,
    after_commit: bool = False,
    takes_context: bool = False,
    priority: int = 0,
) -> Callable[[Callable[..., T]], Task[..., T]]:
    """Declare a function a job of the queue, with its retries (``JobPolicy``).

    ``priority``: of the jobs due, a worker takes the highest first (a rescoring the tables
    wait for before a board's analysis).
    """

    def declare(function: Callable[..., T]) -> Task[..., T]:
        declared: Task[..., T] = task(function, takes_context=takes_context, priority=priority)
        _policies[declared.module_path] = JobPolicy(retry_after=retry_after, after_commit=after_commit)
        return declared

    return declare


def job_policy(task_path: str) -> JobPolicy:
    """The retries of the job at ``task_path`` (the default for a job declared without ``job``)."""
    return _policies.get(task_path, JobPolicy())


def jobs_inline() -> bool:
    """Whether jobs run when enqueued (the test suite's backend) rather than by a worker."""
    return isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], ImmediateBackend)


def enqueue(declared: Task[..., Any], *args: Any, after: float = 0.0) -> None:
    """Put a job on the queue in the caller's write (one of its own outside one): it exists iff that commits.

    ``after``: seconds before it may run (0: at once; inline, it runs at once whatever it says).
    """
    if jobs_inline():
        run = partial(declared.enqueue, *args)
        if job_policy(declared.module_path).after_commit:
            transaction.on_commit(run)
        else:
            run()
        return
    when = timezone.now() + datetime.timedelta(seconds=after) if after > 0 else None
    with write():
        declared.using(run_after=when).enqueue(*args)


def enqueue_unless_waiting(
    declared: Task[..., Any], *args: Any, after: float = 0.0, lock: bool = True
) -> bool:
    """Enqueue the job unless the same job (same arguments) is already waiting; True if enqueued.

    For the work many writes ask for at once (a session's rescoring, the ratings' refit):
    the job waiting does it for all of them. The waiting row is locked until the caller's
    write ends, so a worker cannot claim it meanwhile and miss what this write asks for
    (``lock=False`` where another lock orders them already); a job already running does
    not count (it may have read before this write).
    """
    if jobs_inline():
        enqueue(declared, *args)
        return True
    with write():
        waiting = jobs_waiting(declared, *args)
        if (locked(waiting) if lock else waiting).exists():
            return False
        enqueue(declared, *args, after=after)
    return True


def jobs_waiting(declared: Task[..., Any], *args: Any) -> Any:  # a QuerySet of DBTaskResult
    """The rows of this job, with these arguments, waiting for a worker (not yet started)."""
    return DBTaskResult.objects.filter(
        task_path=declared.module_path,
        status=TaskResultStatus.READY,
        args_kwargs={"args": list(args), "kwargs": {}},
    )


def jobs_running_or_waiting(declared: Task[..., Any], *args: Any) -> bool:
    """Whether this job, with these arguments, waits for a worker or is running."""
    return DBTaskResult.objects.filter(
        task_path=declared.module_path,
        status__in=(TaskResultStatus.READY, TaskResultStatus.RUNNING),
        args_kwargs={"args": list(args), "kwargs": {}},
    ).exists()


def jobs_run_again(job_ids: list[Any]) -> int:
    """Put finished jobs (failed, or done and to redo) back on the queue, due now; return how many.

    A running job is left alone: its worker is at it, or it is put back when found dead.
    """
    finished = (TaskResultStatus.FAILED, TaskResultStatus.SUCCESSFUL)
    with write():
        return DBTaskResult.objects.filter(pk__in=job_ids, status__in=finished).update(
            status=TaskResultStatus.READY, run_after=timezone.now(), finished_at=None
        )
