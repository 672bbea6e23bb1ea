"""The site's administrator sees the queue's jobs (waiting, running, retried, failed with the error)
and runs a failed one again from the admin."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.queue import JobQueue
from tournaments.season.services.rating_queue import ratings_refit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def the_site_s_queue(job_queue: JobQueue) -> JobQueue:
    """The site's backend (the database's): a job's row names its time, which the inline one refuses."""
    return job_queue


def _job(status: str, *, error: str = "", tries: int = 1) -> DBTaskResult:
    at = timezone.now() - datetime.timedelta(minutes=5)
    return DBTaskResult.objects.create(
        args_kwargs={"args": [], "kwargs": {}},
        task_path=ratings_refit.module_path,
        backend_name="default",
        run_after=at,
        status=status,
        started_at=at,
        finished_at=at if status == "FAILED" else None,
        worker_ids=[f"vm:{n}:x" for n in range(tries)],
        exception_class_path=error,
        traceback=f"Traceback ...\n{error}: canceling statement due to statement timeout\n" if error else "",
    )


def test_the_job_list_shows_each_job_s_state_tries_and_last_error(admin_client):
    _job("FAILED", error="django.db.utils.OperationalError", tries=5)
    _job("READY", error="django.db.utils.OperationalError", tries=2)  # retried, waits for its next try
    _job("RUNNING")

    page = admin_client.get(reverse("admin:django_tasks_database_dbtaskresult_changelist")).content.decode()

    assert page.count("ratings_refit") >= 3
    for shown in ("Failed", "Ready", "Running", "OperationalError", ">5<", ">2<"):
        assert shown in page, shown


def test_the_job_page_shows_the_error_s_traceback(admin_client):
    failed = _job("FAILED", error="django.db.utils.OperationalError", tries=5)

    page = admin_client.get(reverse("admin:django_tasks_database_dbtaskresult_change", args=[failed.pk]))

    assert page.status_code == 200 and "canceling statement due to statement timeout" in page.content.decode()


def test_run_again_puts_a_failed_job_back_and_a_worker_does_it(admin_client, job_queue: JobQueue):
    failed = _job("FAILED", error="django.db.utils.OperationalError", tries=5)
    running = _job("RUNNING")

    response = admin_client.post(
        reverse("admin:django_tasks_database_dbtaskresult_changelist"),
        {"action": "run_again", "_selected_action": [str(failed.pk), str(running.pk)]},
        follow=True,
    )

    assert "1 job(s) put back on the queue" in response.content.decode()
    failed.refresh_from_db()
    running.refresh_from_db()
    assert failed.status == "READY" and running.status == "RUNNING"
    job_queue.run_due()
    failed.refresh_from_db()
    assert failed.status == "SUCCESSFUL"


def test_staff_who_may_only_view_jobs_cannot_run_them_again(client, django_user_model):
    from django.contrib.auth.models import Permission

    staff = django_user_model.objects.create_user("viewer", password="pw", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_dbtaskresult"))
    client.force_login(staff)
    failed = _job("FAILED", error="django.db.utils.OperationalError")

    client.post(
        reverse("admin:django_tasks_database_dbtaskresult_changelist"),
        {"action": "run_again", "_selected_action": [str(failed.pk)]},
    )

    failed.refresh_from_db()
    assert failed.status == "FAILED"
