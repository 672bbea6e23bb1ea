"""Ask each player of an entry who has still to confirm, by email: a job after the entry's commit.

Idempotent: a player is asked once (``EntryPlayer.asked_at``), so the job run again (a retry,
a second worker) mails nobody twice. A player the club holds no address for is not mailed;
he confirms on his page once signed in, or at the desk.
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db.models.functions import Trim
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.bookings.models import Entry, EntryPlayer
from tournaments.bookings.services.mails import mail_send
from tournaments.core.services.jobs import enqueue, job
from tournaments.core.services.writes import locked, write
from tournaments.season.models import ClubMember


def entry_confirmations_ask(entry: Entry) -> None:
    """In the entry's write: ask for the job that mails its players still to confirm."""
    enqueue(entry_confirmations_mail, entry.pk)


@job(after_commit=True, retry_after=(60.0, 300.0, 1800.0))
def entry_confirmations_mail(entry_id: int) -> int:
    """Mail every player of the entry not yet confirmed nor asked, whose address the club holds."""
    entry = Entry.objects.filter(pk=entry_id, cancelled_at__isnull=True).select_related("event__club").first()
    if entry is None:
        return 0
    club = entry.event.club
    sent = 0
    with write():
        waiting = locked(
            EntryPlayer.objects.filter(entry=entry, confirmed_at__isnull=True, asked_at__isnull=True)
        ).select_related("player")
        addresses = dict(
            ClubMember.objects.filter(club=club, player__in=[p.player_id for p in waiting])
            .annotate(address=Trim("email"))
            .exclude(address="")
            .values_list("player_id", "address")
        )
        for entry_player in waiting:
            address = addresses.get(entry_player.player_id)
            if not address:
                continue
            with translation.override(club.language):
                subject = _("Confirm your entry to %(event)s") % {"event": entry.event.name}
                body = _(
                    "You have been entered in %(event)s (%(club)s, %(date)s), entry %(number)d with "
                    "%(names)s. Sign in and confirm it on your page: %(url)s"
                ) % {
                    "event": entry.event.name,
                    "club": club.name,
                    "date": entry.event.starts_on.isoformat(),
                    "number": entry.number,
                    "names": ", ".join(p.player.name for p in entry.players.select_related("player")),
                    "url": f"{settings.SITE_URL}{reverse('my_entries')}",
                }
            send_mail(subject, body, None, [address])
            entry_player.asked_at = timezone.now()
            entry_player.save(update_fields=["asked_at"])
            sent += 1
    return sent


def entry_promoted_ask(entry: Entry) -> None:
    """In the write that promoted the entry: ask for the job that tells its players."""
    enqueue(entry_promoted_mail, entry.pk)


@job(after_commit=True, retry_after=(60.0, 300.0, 1800.0))
def entry_promoted_mail(entry_id: int) -> int:
    """Tell each player of an entry promoted from the waiting list that it has a place (none to a
    player who opted out of the club's email, or whose address the club does not hold)."""
    entry = Entry.objects.filter(pk=entry_id, cancelled_at__isnull=True).select_related("event__club").first()
    if entry is None:
        return 0
    club = entry.event.club
    players = [place.player for place in entry.players.select_related("player")]
    with translation.override(club.language or settings.LANGUAGE_CODE):
        subject = _("A place for you in %(event)s") % {"event": entry.event.name}
        body = _(
            "A place has freed in %(event)s (%(club)s, %(date)s): entry %(number)d, %(names)s, is off "
            "the waiting list and entered. Your entries: %(url)s"
        ) % {
            "event": entry.event.name,
            "club": club.name,
            "date": entry.event.starts_on.isoformat(),
            "number": entry.number,
            "names": ", ".join(player.name for player in players),
            "url": f"{settings.SITE_URL}{reverse('my_entries')}",
        }
        return sum(mail_send(club, player, subject, body) for player in players)
