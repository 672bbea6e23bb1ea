"""The director's email page of a session: each player, his address, and every email sent him."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.mail.models import ResultMail
from tournaments.mail.selectors.letters import Seat, session_seats
from tournaments.night.models import Movement, Session


def email_configured() -> bool:
    """Whether the site may send email at all: only with ``EMAIL_URL`` set (clubscore/settings.py)."""
    return bool(getattr(settings, "EMAIL_URL", ""))


def session_mails_results(session: Session) -> bool:
    """A teams round's result is its match, told on the event's pages: no pair result to email."""
    return session.movement != Movement.TEAMS


@dataclass(frozen=True)
class MailRow:
    seat: Seat
    mails: list[ResultMail]

    @property
    def why_not(self) -> str:
        """Why nothing is sent to this player ('' when his results are sent)."""
        if self.seat.opted_out:
            return _("asked for no email")
        if not self.seat.email:
            return _("no email on the club's member list")
        return ""


@dataclass(frozen=True)
class MailPage:
    configured: bool
    rows: list[MailRow]
    shown_up_to: int  # the newest email on the page: a resend from it skips anyone sent since
    reachable: int
    failed: int


def session_mail_page(session: Session) -> MailPage:
    mails: dict[int, list[ResultMail]] = {}
    for mail in ResultMail.objects.filter(session=session).select_related("requested_by").order_by("id"):
        mails.setdefault(mail.player_id, []).append(mail)
    rows = [MailRow(seat, mails.get(seat.player.pk, [])) for seat in session_seats(session)]
    latest = [row.mails[-1] for row in rows if row.mails]
    return MailPage(
        configured=email_configured(),
        rows=rows,
        shown_up_to=ResultMail.objects.filter(session=session).aggregate(top=Max("id"))["top"] or 0,
        reachable=sum(1 for row in rows if row.seat.reachable),
        failed=sum(1 for mail in latest if mail.status == "failed"),
    )
