"""The partner finder: a member asks a single to partner him; the single accepts, and they are booked.

The single's booking becomes the pair's (the asker its partner, confirmed), taking a place
or the waiting list as any pair's booking does, under the date's lock; the asker's own
single booking, if he had one, is closed as matched, and every other ask of either is
withdrawn. Both are told by email.
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, PartnerAsk, PartnerAskStatus, ProgrammeDate
from tournaments.bookings.selectors.programme import member_player_at, places
from tournaments.bookings.services import mails
from tournaments.bookings.services.bookings import (
    BookingRefused,
    check_bookable,
    check_throttle,
    live_booking_of,
)
from tournaments.core.services.jobs import enqueue
from tournaments.core.services.writes import locked, write
from tournaments.members.models import MemberAccount


def _now() -> datetime.datetime:
    return timezone.now()


def partner_ask(*, account: MemberAccount, single: Booking) -> PartnerAsk:
    """Ask the single of ``single`` to partner the member; asking again returns the same ask."""
    club = single.date.planned.club
    asker = member_player_at(account, club)
    if asker is None:
        raise BookingRefused(_("Only the members of %(club)s book its sessions.") % {"club": club.name})
    if asker.pk == single.player_id:
        raise BookingRefused(_("You cannot be your own partner."))
    check_throttle(account)
    try:
        with write():
            date = locked(
                ProgrammeDate.objects.filter(pk=single.date_id).select_related("planned__club"), of=("self",)
            ).get()
            check_bookable(date)
            if date.planned.is_individual:
                raise BookingRefused(_("An individual is booked player by player: nobody needs a partner."))
            single = locked(Booking.objects.filter(pk=single.pk)).get()
            if single.status != BookingStatus.SINGLE:
                raise BookingRefused(_("This player has found a partner already."))
            own = live_booking_of(date, asker)
            if own is not None and own.status != BookingStatus.SINGLE:
                raise BookingRefused(_("You are already booked for this session."))
            asked = PartnerAsk.objects.filter(
                single=single, asker=asker, status=PartnerAskStatus.ASKED
            ).first()
            if asked is not None:
                return asked
            ask = PartnerAsk.objects.create(single=single, asker=asker, account=account, created_at=_now())
            enqueue(mails.ask_mail, ask.pk)
    except IntegrityError:  # a double click past the read above: the constraint's backstop
        raise BookingRefused(_("You have asked this player already.")) from None
    return ask


@write()
def partner_ask_answer(*, account: MemberAccount, ask: PartnerAsk, accept: bool) -> PartnerAsk:
    """The single answers an ask: accepted, the pair is booked (a place or the waiting list)."""
    date = locked(
        ProgrammeDate.objects.filter(pk=ask.single.date_id).select_related("planned__club"), of=("self",)
    ).get()
    single = locked(Booking.objects.filter(pk=ask.single_id)).get()
    ask = locked(PartnerAsk.objects.filter(pk=ask.pk)).get()
    player = member_player_at(account, date.planned.club)
    if player is None or player.pk != single.player_id:
        raise BookingRefused(_("This ask is not yours to answer."))
    if ask.status != PartnerAskStatus.ASKED:
        return ask  # answered already (a second click)
    now = _now()
    if not accept:
        ask.status, ask.answered_at = PartnerAskStatus.DECLINED, now
        ask.save(update_fields=["status", "answered_at"])
        return ask
    check_bookable(date)
    if single.status != BookingStatus.SINGLE:
        raise BookingRefused(_("You have a partner already for this session."))
    own = live_booking_of(date, ask.asker)
    if own is not None and own.status != BookingStatus.SINGLE:
        raise BookingRefused(
            _("%(name)s has booked with another partner since.") % {"name": ask.asker.public_name}
        )
    if own is not None:
        own.status = BookingStatus.MATCHED
        own.save(update_fields=["status"])
        PartnerAsk.objects.filter(single=own, status=PartnerAskStatus.ASKED).update(
            status=PartnerAskStatus.WITHDRAWN, answered_at=now
        )
    single.partner = ask.asker
    single.partner_confirmed_at = now
    single.status = BookingStatus.WAITING if places(date).full else BookingStatus.BOOKED
    single.queued_at = now
    single.save(update_fields=["partner", "partner_confirmed_at", "status", "queued_at"])
    ask.status, ask.answered_at = PartnerAskStatus.ACCEPTED, now
    ask.save(update_fields=["status", "answered_at"])
    PartnerAsk.objects.filter(single=single, status=PartnerAskStatus.ASKED).update(
        status=PartnerAskStatus.WITHDRAWN, answered_at=now
    )
    PartnerAsk.objects.filter(asker=ask.asker, single__date=date, status=PartnerAskStatus.ASKED).update(
        status=PartnerAskStatus.WITHDRAWN, answered_at=now
    )
    enqueue(mails.booking_mail, mails.MATCHED, single.pk)
    return ask
