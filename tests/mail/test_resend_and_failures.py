"""The director sees who was sent what, resends to one player or all, and a failed send is shown."""

from __future__ import annotations

import smtplib

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.urls import reverse

from tournaments.mail.models import ResultMail
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db


class RefusesGus(EmailBackend):
    """A server that refuses one address, as a real one does for a mailbox that no longer exists."""

    def send_messages(self, messages):
        if any("gus@example.org" in message.to for message in messages):
            raise smtplib.SMTPRecipientsRefused({"gus@example.org": (550, b"No such mailbox")})
        return super().send_messages(messages)


class ServerDown(EmailBackend):
    def open(self):
        raise ConnectionRefusedError(111, "Connection refused")


@pytest.fixture
def finished(email_on, night, django_capture_on_commit_callbacks):
    def finished():
        with django_capture_on_commit_callbacks(execute=True):
            return session_finish(session=night)

    return finished


def page(client, session) -> str:
    response = client.get(reverse("director:mail_session", args=[session.pk]))
    assert response.status_code == 200
    return response.content.decode()


def resend(client, session, **data):
    return client.post(reverse("director:mail_resend", args=[session.pk]), data, follow=True)


def test_a_refused_address_is_recorded_and_shown_and_the_others_are_sent(
    finished, night, settings, director_client
):
    settings.EMAIL_BACKEND = "tests.mail.test_resend_and_failures.RefusesGus"
    finished()

    assert [message.to for message in mail.outbox] == [["ann@example.org"]]
    failed = ResultMail.objects.get(email="gus@example.org")
    assert failed.status == "failed" and "No such mailbox" in failed.error
    shown = page(director_client, night)
    assert "1 failed" in shown and "No such mailbox" in shown


def test_a_server_that_is_down_fails_every_email_without_a_500(finished, night, settings, director_client):
    settings.EMAIL_BACKEND = "tests.mail.test_resend_and_failures.ServerDown"
    finished()
    assert sorted(ResultMail.objects.values_list("status", flat=True)) == ["failed", "failed"]

    response = resend(director_client, night, shown_up_to=ResultMail.objects.latest("id").pk)
    assert response.status_code == 200
    assert "Not sent: ann@example.org: ConnectionRefusedError" in response.content.decode()
    assert ResultMail.objects.filter(status="failed").count() == 4


def test_the_director_resends_to_one_player_and_sees_it(finished, night, director_client, director):
    finished()
    ann = night.pairs.get(direction="NS", number=1).player1
    shown_up_to = ResultMail.objects.latest("id").pk

    response = resend(director_client, night, shown_up_to=shown_up_to, player=ann.pk)

    assert "Sent 1 email." in response.content.decode()
    assert [message.to[0] for message in mail.outbox] == [
        "ann@example.org",
        "gus@example.org",
        "ann@example.org",
    ]
    again = ResultMail.objects.latest("id")
    assert (again.email, again.reason, again.status, again.requested_by) == (
        "ann@example.org",
        "resend",
        "sent",
        director,
    )
    assert "resent by the director, director" in page(director_client, night)


def test_a_double_click_on_resend_sends_once(finished, night, director_client):
    finished()
    shown_up_to = ResultMail.objects.latest("id").pk

    resend(director_client, night, shown_up_to=shown_up_to)
    second = resend(director_client, night, shown_up_to=shown_up_to)  # the same page's button again

    assert len(mail.outbox) == 4  # two at the finish, two resent once
    assert "sent again since the page was shown" in second.content.decode()


def test_a_resend_before_the_finish_or_without_email_sends_nothing(
    email_on, night, director_client, settings
):
    response = resend(director_client, night, shown_up_to=0)
    assert "once the session has finished" in response.content.decode()
    settings.EMAIL_URL = ""
    response = resend(director_client, night, shown_up_to=0)
    assert "Email is not configured" in response.content.decode()
    assert mail.outbox == [] and not ResultMail.objects.exists()


def test_a_resend_with_a_made_up_form_is_refused_with_a_message(finished, night, director_client):
    finished()
    response = resend(director_client, night, shown_up_to="x", player="1")
    assert "resend from the buttons of this page" in response.content.decode()
    response = resend(director_client, night, shown_up_to=0, player="99999")
    assert "has no email on the club" in response.content.decode()
    assert len(mail.outbox) == 2
