"""Statements by email to the members whose balance is below the club's threshold: a job of the queue.

A notice about money, apart from the results mail (a member who asked for no results
still gets it, as he would a letter from the treasurer). The treasurer asks; the request
only sets the threshold and enqueues the job (decision 0063), in its transaction; a
worker sends. Each email is recorded as pending (one ``StatementNotice`` a member a
day, unique) before it is sent and marked sent or failed after, so the job run twice (a
retry, a second click the same day, a worker killed mid-way) sends each member one email
that day: a second run sends only what the first recorded and did not send.
"""

from __future__ import annotations

import datetime
import logging
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.core.services.jobs import enqueue, job
from tournaments.core.services.writes import write, write_one_statement
from tournaments.mail.selectors.page import email_configured
from tournaments.mail.services.messages import absolute, club_language
from tournaments.money.models import NoticeStatus, StatementNotice, StatementSettings
from tournaments.money.selectors.statements import MemberStatement, member_statement
from tournaments.money.selectors.statements_mail import members_below
from tournaments.money.services.ledger import check_amount

logger = logging.getLogger(__name__)
# A statement emailed shows the last three months' lines, its balance brought forward before them.
MAILED_DAYS = 92


def statement_threshold_set(*, club: Club, threshold: Decimal) -> StatementSettings:
    """Set the balance below which a member is emailed his statement (at most 0: a member in debit)."""
    if threshold > 0 or threshold < -check_amount("1000000.00"):
        raise ValidationError({"threshold": _("The threshold is a balance at or below zero (0.00, -10.00).")})
    with write():
        settings, _created = StatementSettings.objects.update_or_create(
            club=club, defaults={"threshold": threshold}
        )
        return settings


def statement_mail_ask(*, club: Club, threshold: Decimal, by: User | None) -> int:
    """Set the threshold and ask the queue to email the statements; return how many members are below it."""
    if not email_configured():
        raise ValidationError(_("Email is not configured on this site (EMAIL_URL): nothing was sent."))
    with write():
        statement_threshold_set(club=club, threshold=threshold)
        due = len(members_below(club, threshold))
        enqueue(statement_mail_send, club.pk, timezone.localdate().isoformat())
    return due


@job(after_commit=True, retry_after=(60.0, 300.0, 1800.0))
def statement_mail_send(club_id: int, on: str) -> dict[str, int]:
    """The queue's job: email each member below the club's threshold his statement, once on ``on``."""
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        return {"sent": 0, "failed": 0}
    day = datetime.date.fromisoformat(on)
    settings = StatementSettings.objects.filter(club=club).first()
    threshold = settings.threshold if settings is not None else Decimal("0.00")
    with write():
        for member, balance in members_below(club, threshold):
            StatementNotice.objects.get_or_create(
                club=club, player=member.player, on=day, defaults={"email": member.email, "balance": balance}
            )
    pending = list(
        StatementNotice.objects.filter(club=club, on=day, status=NoticeStatus.PENDING).select_related(
            "player"
        )
    )
    sent = failed = 0
    if not pending:
        return {"sent": 0, "failed": 0}
    connection = get_connection(fail_silently=False)
    with translation.override(club_language(club)):
        for notice in pending:
            statement = member_statement(
                club, notice.player, since=day - datetime.timedelta(days=MAILED_DAYS), until=day
            )
            try:
                connection.send_messages([statement_message(statement, notice.email)])
            except Exception as error:  # one refused address must not stop the others, nor be a 500
                notice.status, notice.error = NoticeStatus.FAILED, f"{type(error).__name__}: {error}"[:1000]
                failed += 1
                logger.warning("Statement email to %s failed: %s", notice.email, notice.error)
            else:
                notice.status, notice.sent_at = NoticeStatus.SENT, timezone.now()
                sent += 1
            with write_one_statement():
                StatementNotice.objects.filter(pk=notice.pk).update(
                    status=notice.status, sent_at=notice.sent_at, error=notice.error
                )
    return {"sent": sent, "failed": failed}


def statement_message(statement: MemberStatement, email: str) -> EmailMultiAlternatives:
    """The email of a member's statement, in the current language, with the link to his page."""
    context = {"statement": statement, "url": absolute(reverse("my_club"))}
    subject = _("%(club)s: your statement, balance %(balance)s %(currency)s") % {
        "club": statement.club.name,
        "balance": formats.number_format(statement.carried_forward, 2),
        "currency": statement.currency,
    }
    body = render_to_string("money/statement_mail.txt", context)
    return EmailMultiAlternatives(subject, body, to=[email])
