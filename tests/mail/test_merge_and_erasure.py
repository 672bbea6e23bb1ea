"""A merged member's opt-out holds for the kept player; an erased one's addresses are forgotten;
an exported one's emails and opt-outs are in his export."""

from __future__ import annotations

import pytest
from django.core import mail

from tournaments.core.models import Club, Player
from tournaments.mail.models import MailOptOut, ResultMail
from tournaments.mail.services.opt_out import mail_opt_out
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.season.models import ClubMember
from tournaments.season.selectors.privacy import player_export
from tournaments.season.services.players import player_merge
from tournaments.season.services.privacy import player_erase

pytestmark = pytest.mark.django_db


def finish(session, capture) -> None:
    with capture(execute=True):
        session_finish(session=session)


def test_an_opt_out_passes_to_the_kept_player_of_a_merge(
    email_on, night, club, django_capture_on_commit_callbacks
):
    """Ann entered twice: her second row holds the email and the opt-out; the merge keeps both."""
    ann = night.pairs.get(direction="NS", number=1).player1
    twice = Player.objects.create(name="Ann Northe")
    ClubMember.objects.filter(player=ann).delete()
    ClubMember.objects.create(club=club, player=twice, email="ann@example.org")
    mail_opt_out(club=club, player=twice)

    player_merge(keep=ann, duplicate=twice, user=None)
    finish(night, django_capture_on_commit_callbacks)

    assert list(MailOptOut.objects.values_list("player", flat=True)) == [ann.pk]
    assert [message.to[0] for message in mail.outbox] == ["gus@example.org"]


def test_an_erased_player_s_addresses_leave_the_record_of_his_emails(
    email_on, night, club, django_capture_on_commit_callbacks, director_client
):
    finish(night, django_capture_on_commit_callbacks)
    gus = night.pairs.get(direction="EW", number=1).player1

    player_erase(player=gus, user=None)
    session_reopen(session=night)
    finish(night, django_capture_on_commit_callbacks)

    assert not ResultMail.objects.filter(email="gus@example.org").exists()
    assert (
        ResultMail.objects.filter(player=gus, email="", status="sent").count() == 1
    )  # the send stays recorded
    assert [message.to[0] for message in mail.outbox] == ["ann@example.org", "gus@example.org"]


def test_a_player_s_export_holds_the_emails_sent_him_and_his_opt_out_of_that_club_only(
    email_on, night, club, django_capture_on_commit_callbacks
):
    """Everything the site holds about him includes where his results were written, and for a
    club's export only that club's."""
    finish(night, django_capture_on_commit_callbacks)
    gus = night.pairs.get(direction="EW", number=1).player1
    mail_opt_out(club=club, player=gus)

    data = player_export(gus)
    assert [(m["email"], m["status"], m["session_id"]) for m in data["result_emails"]] == [
        ("gus@example.org", "sent", night.pk)
    ]
    assert [o["club"] for o in data["email_opt_outs"]] == [club.name]

    elsewhere = player_export(gus, clubs=Club.objects.exclude(pk=club.pk))
    assert elsewhere["result_emails"] == [] and elsewhere["email_opt_outs"] == []
