"""EMAIL_URL is read into Django's email settings as DATABASE_URL is; a wrong one says what is wrong."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from clubscore.email_url import SMTP, email_settings


def test_no_url_configures_nothing():
    assert email_settings("") == {} and email_settings("  ") == {}


def test_a_submission_url_with_an_address_as_user_and_a_sender():
    found = email_settings(
        "submission://results%40club.example:p%3Ass@mail.club.example?from=results@club.example"
    )
    assert found == {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": "mail.club.example",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "results@club.example",
        "EMAIL_HOST_PASSWORD": "p:ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 20.0,
        "DEFAULT_FROM_EMAIL": "results@club.example",
        "SERVER_EMAIL": "results@club.example",
    }


def test_smtps_smtp_and_its_switches():
    assert email_settings("smtps://relay")["EMAIL_PORT"] == 465
    assert email_settings("smtps://relay")["EMAIL_USE_SSL"] is True
    plain = email_settings("smtp://localhost:2525?tls=1&timeout=5")
    assert (plain["EMAIL_PORT"], plain["EMAIL_USE_TLS"], plain["EMAIL_TIMEOUT"]) == (2525, True, 5.0)


def test_the_other_backends():
    assert email_settings("memory://")["EMAIL_BACKEND"].endswith("locmem.EmailBackend")
    assert email_settings("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert email_settings("file:///var/mail/clubscore")["EMAIL_FILE_PATH"] == "/var/mail/clubscore"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("smpt://mail.example", "unknown scheme 'smpt://'"),
        ("smtp://", "needs a host"),
        ("smtp://mail.example:25x", "the port is not a number"),
        ("smtp://mail.example?tls=1&ssl=1", "exclude each other"),
        ("smtp://mail.example?timeout=soon", "timeout='soon' is not a number"),
        ("file://", "needs a folder"),
    ],
)
def test_a_wrong_url_is_refused_naming_what_is_wrong(url, says):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL") as refused:
        email_settings(url)
    assert says in str(refused.value)
