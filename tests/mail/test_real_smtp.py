"""A real SMTP server on a local socket receives the results, sent by a thread after the finish commits.

The site's own setting (``RESULTS_EMAIL_IN_BACKGROUND``) and a real commit
(``transaction=True``): the finish answers, then the sending thread records each email,
talks SMTP to aiosmtpd with the write gate free (a table's entry is never queued behind a
mail server), and records each one sent.
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
from tournaments.mail.services.sending import mail_wait
from tournaments.night.services.movement import session_finish

WAIT = 30.0  # seconds: a bound on a wait for a state, never a pause


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
def smtp_server(settings) -> Iterator[Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_URL = f"smtp://127.0.0.1:{controller.port}"
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.SITE_URL = "https://scores.riverside.example"
    settings.RESULTS_EMAIL_IN_BACKGROUND = True
    yield inbox
    assert mail_wait(WAIT)  # a thread still sending would touch the next test's database
    controller.stop()


@pytest.mark.django_db(transaction=True)
def test_a_real_smtp_server_receives_each_member_s_result_after_the_finish(smtp_server, night):
    session_finish(session=night)
    assert mail_wait(WAIT)

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
