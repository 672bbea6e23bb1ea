"""The task queue's jobs in the admin (``core.services.jobs``), in place of ``django-tasks-db``'s own page."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django_tasks_db.admin import DBTaskResultAdmin
from django_tasks_db.models import DBTaskResult

from tournaments.core.services.jobs import jobs_run_again


class JobAdmin(DBTaskResultAdmin):
    """The task queue's jobs (``core.services.jobs``): waiting, running, retried, failed with the error.

    ``django-tasks-db``'s own page, with each job's tries and last error in the list, and
    "Run again" for a job that failed every try (or a finished one to redo): every job is
    idempotent, so running one again does no harm. The rows stay otherwise read-only.
    """

    list_display = (
        "task_name",
        "status",
        "tries",
        "last_error",
        "enqueued_at",
        "started_at",
        "finished_at",
        "display_run_after",
    )
    list_filter = ("status", "task_path", "queue_name")
    search_fields = ("task_path", "exception_class_path")
    actions = ("run_again",)

    @admin.display(description="tries")
    def tries(self, job: DBTaskResult) -> int:
        return len(job.worker_ids)

    @admin.display(description="last error")
    def last_error(self, job: DBTaskResult) -> str:
        """The error of the job's last failed try (kept while it waits for the next)."""
        return job.exception_class_path.rpartition(".")[2] or "-"

    def has_run_again_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    @admin.action(description="Run the selected jobs again", permissions=["run_again"])
    def run_again(self, request: HttpRequest, jobs: QuerySet[DBTaskResult]) -> None:
        again = jobs_run_again([job.pk for job in jobs])
        self.message_user(request, f"{again} job(s) put back on the queue; running ones were left alone.")


admin.site.unregister(DBTaskResult)
admin.site.register(DBTaskResult, JobAdmin)
