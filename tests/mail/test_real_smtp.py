"""A real SMTP server on a local socket receives the results, sent by a job of the queue after the finish.

The site's own queue (the database backend) and a real commit (``transaction=True``): the
finish answers with a job waiting; then a worker runs it, records each email, talks SMTP
to aiosmtpd with the write gate free (a table's entry is never queued behind a mail
server), and records each one sent. Run again, the job sends nothing more.
"""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from email.message import Message

import pytest
from aiosmtpd.controller import Controller

from tournaments.core.services.write_gate import serialised_writes_if_free
from tournaments.mail.models import ResultMail
from tournaments.mail.services import sending
from tournaments.night.models import Session
from tournaments.night.services.movement import session_finish

MAIL_JOB = sending.results_mail_finished.module_path


class Inbox:
    """aiosmtpd's handler: keeps each message and whether the write gate was free as it arrived."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.gate_free: list[bool] = []

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001, N802 - aiosmtpd's names
        with serialised_writes_if_free() as free:
            self.gate_free.append(free)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings, job_queue) -> Iterator[Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_URL = f"smtp://127.0.0.1:{controller.port}"
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.SITE_URL = "https://scores.riverside.example"
    yield inbox
    controller.stop()


@pytest.mark.django_db(transaction=True)
def test_a_real_smtp_server_receives_each_member_s_result_after_the_finish(smtp_server, night, job_queue):
    session_finish(session=night)
    assert (
        smtp_server.messages == [] and len(job_queue.rows(MAIL_JOB)) == 1
    )  # the finish answered; a job waits
    job_queue.run_due()

    received = {message["To"]: message for message in smtp_server.messages}
    assert sorted(received) == ["ann@example.org", "gus@example.org"]
    assert smtp_server.gate_free == [True, True]
    ann = received["ann@example.org"]
    assert ann["Subject"].startswith("Riverside Bridge Club, Friday evening 20 Nov 2026: place ")
    assert ann["List-Unsubscribe"].strip().startswith("<https://scores.riverside.example/email/opt-out/")
    parts = {part.get_content_type(): part.get_content() for part in ann.walk() if not part.is_multipart()}
    assert "Board 1: NS against 1 EW, 3NT N +1, score 430" in parts["text/plain"]
    assert "<table" in parts["text/html"]
    assert sorted(ResultMail.objects.values_list("email", "status")) == [
        ("ann@example.org", "sent"),
        ("gus@example.org", "sent"),
    ]


@pytest.mark.django_db(transaction=True)
def test_the_mail_job_run_twice_sends_each_result_once(smtp_server, night, job_queue):
    session_finish(session=night)
    (row,) = job_queue.rows(MAIL_JOB)
    job_queue.run_due()
    row.refresh_from_db()
    assert row.status == "SUCCESSFUL" and row.return_value == {"sent": 2, "failed": 0}

    row.status = "READY"  # as the admin's "run again" does
    row.save(update_fields=["status"])
    job_queue.run_due()

    assert len(smtp_server.messages) == 2
    row.refresh_from_db()
    assert row.return_value == {"sent": 0, "failed": 0}


@pytest.mark.django_db(transaction=True)
def test_a_mail_job_whose_worker_died_after_recording_sends_the_emails_left_pending(
    smtp_server,
    night,
    job_queue,
):
    """The first run recorded both emails as pending and died; the run after it sends them, once."""
    session_finish(session=night)
    (row,) = job_queue.rows(MAIL_JOB)
    session = Session.objects.select_related("club").get(pk=night.pk)
    letters = sending.session_letters(session, None)
    sending._claim(session.pk, letters, "finish", None, None, sending.MailOutcome())  # the dead run's record
    row.worker_ids = ["elsewhere:1:dead"]  # its first try, on a worker that stopped
    row.save(update_fields=["worker_ids"])

    job_queue.run_due()

    assert sorted(message["To"] for message in smtp_server.messages) == ["ann@example.org", "gus@example.org"]
    assert sorted(ResultMail.objects.values_list("email", "status")) == [
        ("ann@example.org", "sent"),
        ("gus@example.org", "sent"),
    ]
