"""The bookings' emails, each a job on the queue after the write that asks for it commits.

Every mail goes to the address the club keeps for the player (its member list), in the
club's language, and none to a player who asked his club for no more email
(``mail.MailOptOut``): his own page shows all the same. A job run twice sends twice at
worst (a mail server that accepted and then failed to answer); it never fails a booking.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, PartnerAsk
from tournaments.core.models import Club, Player
from tournaments.core.services.jobs import job
from tournaments.mail.models import MailOptOut
from tournaments.season.models import ClubMember

logger = logging.getLogger(__name__)

PARTNER_ASKED = "partner-asked"
PARTNER_DECLINED = "partner-declined"
PROMOTED = "promoted"
ASKED = "asked"
MATCHED = "matched"


def address(club: Club, player: Player | None) -> str:
    """The player's address at the club, or '' (none kept, or he opted out of the club's email)."""
    if player is None or MailOptOut.objects.filter(club=club, player=player).exists():
        return ""
    membership = ClubMember.objects.filter(club=club, player=player).exclude(email="").first()
    return membership.email.strip() if membership is not None else ""


def mail_send(club: Club, player: Player | None, subject: str, body: str) -> bool:
    """Send one mail to the player at the club; False when he has no address or the server refused."""
    to = address(club, player)
    if not to:
        return False
    try:
        send_mail(subject, body, None, [to])
    except OSError:  # smtplib's errors are OSErrors: logged, the job's result says so
        logger.exception("A bookings mail to player %s could not be sent", getattr(player, "pk", None))
        return False
    return True


def _link(name: str, *args: object) -> str:
    return f"{settings.SITE_URL}{reverse(name, args=args)}"


def _when(booking: Booking) -> dict[str, str]:
    date = booking.date
    return {
        "session": date.planned.name,
        "club": date.planned.club.name,
        "date": date.starts_at.strftime("%Y-%m-%d %H:%M"),
    }


@job(after_commit=True, retry_after=(60.0, 600.0))
def booking_mail(kind: str, booking_id: int) -> int:
    """Mail what happened to a booking (``kind``); return how many mails went."""
    booking = (
        Booking.objects.select_related("date__planned__club", "player", "partner")
        .filter(pk=booking_id)
        .first()
    )
    if booking is None:
        return 0
    club = booking.date.planned.club
    with translation.override(club.language or settings.LANGUAGE_CODE):
        words = _when(booking)
        mine = _link("my_bookings")
        if kind == PARTNER_ASKED:
            body = _(
                "%(name)s has booked %(session)s at %(club)s on %(date)s with you as partner.\n\n"
                "Confirm here: %(link)s\n\nor on your bookings page: %(mine)s"
            ) % {
                **words,
                "name": booking.player.name,
                "link": _link("booking_partner_link", booking.partner_token),
                "mine": mine,
            }
            return int(mail_send(club, booking.partner, _("Confirm your booking"), body))
        if kind == PARTNER_DECLINED:
            body = _(
                "Your partner cannot play %(session)s at %(club)s on %(date)s. You are listed as looking "
                "for a partner: %(mine)s"
            ) % {**words, "mine": mine}
            return int(mail_send(club, booking.player, _("Your partner cannot play"), body))
        if kind in (PROMOTED, MATCHED):
            if kind == PROMOTED:
                subject = _("A place for you")
                text = _("A place has freed: you are booked for %(session)s at %(club)s on %(date)s.")
            else:
                subject = _("You have a partner")
                text = _("%(partner)s and %(name)s are partners for %(session)s at %(club)s on %(date)s.")
            body = text % {**words, "name": booking.player.name, "partner": booking.partner_name}
            body += "\n\n" + _("Your bookings: %(mine)s") % {"mine": mine}
            return sum(mail_send(club, player, subject, body) for player in (booking.player, booking.partner))
    logger.error("Unknown bookings mail %r", kind)
    return 0


@job(after_commit=True, retry_after=(60.0, 600.0))
def ask_mail(ask_id: int) -> int:
    """Tell a single that a member asks him to partner him."""
    ask = (
        PartnerAsk.objects.select_related("single__date__planned__club", "single__player", "asker")
        .filter(pk=ask_id)
        .first()
    )
    if ask is None:
        return 0
    club = ask.single.date.planned.club
    with translation.override(club.language or settings.LANGUAGE_CODE):
        body = _(
            "%(name)s asks you to partner him for %(session)s at %(club)s on %(date)s.\n\n"
            "Answer on your bookings page: %(mine)s"
        ) % {**_when(ask.single), "name": ask.asker.name, "mine": _link("my_bookings")}
        return int(mail_send(club, ask.single.player, _("A partner for you?"), body))
