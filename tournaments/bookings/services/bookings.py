"""A member's booking: for himself and a partner (a member or a named visitor), or as a single.

Every booking of a date is decided under that date's row lock (``writes.locked``): the
places booked are counted and the booking takes one or joins the waiting list, so two
members booking the last place at once are served one after the other, one place and one
waiting. The partial unique constraints (one live booking a member a date, as booker and
as partner) are the database's backstop. A freed place goes to the waiting list's first
pair, in the order they asked, and the pair is told by email (``mails``).

Throttled like the members' sign-in (``members.services.sign_in``): the rows themselves are
counted, in the database, so a script asking 10,000 bookings is refused after
``BOOKINGS_AN_HOUR`` whatever the process that serves it.
"""

from __future__ import annotations

import datetime
import secrets

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, PartnerAsk, ProgrammeDate
from tournaments.bookings.models.bookings import LIVE
from tournaments.bookings.selectors.programme import booking_rules, member_player_at, places
from tournaments.bookings.services import mails
from tournaments.bookings.services.late_fees import late_cancellation_charge
from tournaments.core.models import Player
from tournaments.core.services.jobs import enqueue
from tournaments.core.services.players import check_name
from tournaments.core.services.writes import locked, write
from tournaments.members.models import MemberAccount
from tournaments.season.models import ClubMember

BOOKINGS_AN_HOUR = 30
THROTTLE_WINDOW = datetime.timedelta(hours=1)


class BookingRefused(ValidationError):
    """A booking the rules refuse, with the message the member reads."""


def _now() -> datetime.datetime:
    return timezone.now()


def check_throttle(account: MemberAccount) -> None:
    """Refuse a member who asked ``BOOKINGS_AN_HOUR`` bookings or asks in the last hour."""
    since = _now() - THROTTLE_WINDOW
    asked = Booking.objects.filter(account=account, created_at__gte=since).count()
    asked += PartnerAsk.objects.filter(account=account, created_at__gte=since).count()
    if asked >= BOOKINGS_AN_HOUR:
        raise BookingRefused(_("Too many bookings asked in the last hour: try again later."))


def check_bookable(date: ProgrammeDate) -> None:
    """Refuse a date cancelled, withdrawn or begun."""
    if date.cancelled_at is not None or date.planned.withdrawn_at is not None:
        raise BookingRefused(_("This session is cancelled: it takes no bookings."))
    if date.starts_at <= _now():
        raise BookingRefused(_("This session has begun or is over: it takes no more bookings."))


def live_booking_of(date: ProgrammeDate, player: Player) -> Booking | None:
    """The player's live booking on ``date``, as booker or as partner."""
    return (
        Booking.objects.filter(date=date, status__in=LIVE)
        .filter(Q(player=player) | Q(partner=player))
        .select_related("player", "partner")
        .first()
    )


def _check_free(date: ProgrammeDate, player: Player, *, himself: bool) -> None:
    taken = live_booking_of(date, player)
    if taken is None:
        return
    if himself:
        raise BookingRefused(_("You are already booked for this session."))
    raise BookingRefused(_("%(name)s is already booked for this session.") % {"name": player.public_name})


def _partner_member(date: ProgrammeDate, partner_id: int) -> Player:
    membership = (
        ClubMember.objects.filter(
            club_id=date.planned.club_id, player_id=partner_id, player__erased_at__isnull=True
        )
        .select_related("player")
        .first()
    )
    if membership is None:
        raise BookingRefused(_("Your partner must be on the club's member list, or named as a visitor."))
    return membership.player


def _place_status(date: ProgrammeDate) -> str:
    return BookingStatus.WAITING if places(date).full else BookingStatus.BOOKED


def booking_make(
    *,
    account: MemberAccount,
    date: ProgrammeDate,
    partner_id: int | None = None,
    visitor: str = "",
) -> Booking:
    """Book the member on ``date``: with a member partner, a named visitor, or neither (a single).

    An individual's date is booked player by player: each booking one player and one place
    (four a table), no partner. A pair takes a place, or the waiting list when the session is
    full; a single takes none until the partner finder matches him. A member partner is asked
    to confirm by email (and on his own page). Refused, with nothing written: a date cancelled or begun, the
    member or his partner already booked, himself as his partner, a visitor's name mixing
    alphabets, too many asks an hour.
    """
    club = date.planned.club
    player = member_player_at(account, club)
    if player is None:
        raise BookingRefused(_("Only the members of %(club)s book its sessions.") % {"club": club.name})
    if partner_id is not None and visitor.strip():
        raise BookingRefused(_("Name a member partner or a visitor, not both."))
    visitor_name = ""
    if visitor.strip():
        try:
            visitor_name = check_name(visitor)
        except ValidationError as error:
            raise BookingRefused(" ".join(error.messages)) from None
    if date.planned.is_individual and (partner_id is not None or visitor_name):
        raise BookingRefused(
            _("An individual is booked player by player: book your own place, without a partner.")
        )
    partner = None
    if partner_id is not None:
        if partner_id == player.pk:
            raise BookingRefused(_("You cannot be your own partner."))
        partner = _partner_member(date, partner_id)
    check_throttle(account)
    now = _now()
    try:
        with write():
            date = locked(
                ProgrammeDate.objects.filter(pk=date.pk).select_related("planned__club"), of=("self",)
            ).get()
            check_bookable(date)
            _check_free(date, player, himself=True)
            if partner is not None:
                _check_free(date, partner, himself=False)
            # An individual's player books his own place; a pairs player alone looks for a partner.
            single = partner is None and not visitor_name and not date.planned.is_individual
            booking = Booking(
                date=date,
                player=player,
                account=account,
                partner=partner,
                visitor=visitor_name,
                status=BookingStatus.SINGLE if single else _place_status(date),
                partner_token=secrets.token_urlsafe(24) if partner is not None else "",
                queued_at=now,
                created_at=now,
            )
            booking.full_clean(exclude=["date", "player", "account", "partner"], validate_constraints=False)
            booking.save()
            if partner is not None:
                enqueue(mails.booking_mail, mails.PARTNER_ASKED, booking.pk)
    except IntegrityError:  # the constraints' backstop: a double click that raced the lock's reader
        raise BookingRefused(_("You are already booked for this session.")) from None
    return booking


def _cancel_late(date: ProgrammeDate, now: datetime.datetime) -> bool:
    cut_off = date.starts_at - datetime.timedelta(hours=booking_rules(date.planned.club).cut_off_hours)
    return now > cut_off


def promote_waiting(date: ProgrammeDate) -> list[Booking]:
    """Give the free places to the waiting list in order; each pair promoted is emailed. In a write."""
    promoted = []
    free = places(date).free
    if free is None:
        free = date.bookings.filter(status=BookingStatus.WAITING).count()
    for booking in date.bookings.filter(status=BookingStatus.WAITING).order_by("queued_at", "id")[:free]:
        booking.status = BookingStatus.BOOKED
        booking.promoted_at = _now()
        booking.save(update_fields=["status", "promoted_at"])
        enqueue(mails.booking_mail, mails.PROMOTED, booking.pk)
        promoted.append(booking)
    return promoted


def _booking_locked(booking: Booking) -> tuple[ProgrammeDate, Booking]:
    """The booking's date then the booking, locked in that order (every writer's order)."""
    date = locked(
        ProgrammeDate.objects.filter(pk=booking.date_id).select_related("planned__club"), of=("self",)
    ).get()
    return date, locked(
        Booking.objects.filter(pk=booking.pk).select_related("player", "partner"), of=("self",)
    ).get()


def _refuse_unless_his(booking: Booking, player: Player | None) -> None:
    if player is None or player.pk not in (booking.player_id, booking.partner_id):
        raise BookingRefused(_("This booking is not yours."))


@write()
def booking_cancel(*, account: MemberAccount, booking: Booking) -> Booking:
    """Cancel the member's booking (his own, or the one he is the partner of): free until the
    club's cut-off, recorded as late after it (and charged, where the club says a late
    cancellation pays: ``late_fees``); the place freed goes to the waiting list."""
    date, booking = _booking_locked(booking)
    _refuse_unless_his(booking, member_player_at(account, date.planned.club))
    if not booking.is_live:
        return booking  # a second click: already cancelled
    if date.starts_at <= _now():
        raise BookingRefused(_("This session has begun: ask the director."))
    held_place = booking.status == BookingStatus.BOOKED
    booking.status = BookingStatus.CANCELLED
    booking.cancelled_at = _now()
    booking.cancelled_late = held_place and _cancel_late(date, booking.cancelled_at)
    booking.save(update_fields=["status", "cancelled_at", "cancelled_late"])
    late_cancellation_charge(booking=booking, date=date)
    PartnerAsk.objects.filter(single=booking, status="asked").update(status="withdrawn", answered_at=_now())
    if held_place:
        promote_waiting(date)
    return booking


@write()
def partner_confirm(*, booking: Booking, player: Player) -> Booking:
    """The partner confirms (from his page or the email's link); confirming twice changes nothing."""
    date, booking = _booking_locked(booking)
    if booking.partner_id != player.pk or not booking.is_live:
        raise BookingRefused(_("This booking is not yours to confirm."))
    if booking.partner_confirmed_at is None:
        booking.partner_confirmed_at = _now()
        booking.save(update_fields=["partner_confirmed_at"])
    return booking


@write()
def partner_decline(*, booking: Booking, player: Player) -> Booking:
    """The partner declines: the booker stays, as a single looking for a partner (his place freed)."""
    date, booking = _booking_locked(booking)
    if booking.partner_id != player.pk or not booking.is_live:
        raise BookingRefused(_("This booking is not yours to answer."))
    held_place = booking.status == BookingStatus.BOOKED
    booking.partner = None
    booking.partner_token = ""
    booking.partner_confirmed_at = None
    booking.status = BookingStatus.SINGLE
    booking.save(update_fields=["partner", "partner_token", "partner_confirmed_at", "status"])
    enqueue(mails.booking_mail, mails.PARTNER_DECLINED, booking.pk)
    if held_place:
        promote_waiting(date)
    return booking
