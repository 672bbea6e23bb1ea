"""Statements emailed to the members below the club's threshold: a job, once a member a day."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tournaments.core.models import Club, Player
from tournaments.money.models import AccountKind, Cause, NoticeStatus, StatementNotice
from tournaments.money.services.ledger import Transfer, club_account, player_account, post
from tournaments.money.services.statement_mail import statement_mail_send
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def owing(club: Club, settings) -> dict[str, Player]:
    """Ann owes 25.00, Bob 5.00, Cat nothing; Dan owes 30.00 but the list has no address for him."""
    settings.EMAIL_URL = "memory://"
    club.language = "fr"
    club.save()
    players = {}
    for name, owed, email in (("Ann", "25.00", "ann@example.org"), ("Bob", "5.00", "bob@example.org"),
                              ("Cat", "", "cat@example.org"), ("Dan", "30.00", "")):  # fmt: skip
        player = Player.objects.create(name=name)
        ClubMember.objects.create(club=club, player=player, email=email)
        account = player_account(club, player)
        if owed:
            post(
                club=club,
                transfers=[Transfer(account, club_account(club, AccountKind.TABLE_MONEY), Decimal(owed))],
                cause=Cause.SESSION,
                on=timezone.localdate() - datetime.timedelta(days=7),
            )
        players[name] = player
    return players


def test_the_members_below_the_threshold_are_emailed_once_in_the_clubs_language(
    director_client, club, owing, django_capture_on_commit_callbacks
):
    url = reverse("director:money_statement_mail", args=[club.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(url, {"threshold": "-10.00"})
    assert response.status_code == 302
    assert [message.to for message in mail.outbox] == [["ann@example.org"]]
    letter = mail.outbox[0]
    assert "-25,00" in letter.subject and "relevé" in letter.subject.lower()  # a French club's decimal comma
    assert "-25,00" in letter.body and "/me/" in letter.body
    # Asked again the same day (a second click, a retry): nobody is emailed twice.
    with django_capture_on_commit_callbacks(execute=True):
        director_client.post(url, {"threshold": "-10.00"})
    statement_mail_send.call(club.pk, timezone.localdate().isoformat())
    assert len(mail.outbox) == 1
    assert StatementNotice.objects.get().status == NoticeStatus.SENT


def test_a_threshold_above_zero_is_refused(director_client, club, owing):
    response = director_client.post(
        reverse("director:money_statement_mail", args=[club.slug]), {"threshold": "5"}
    )
    assert response.status_code == 400
    assert not mail.outbox
