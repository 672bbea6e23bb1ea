"""On the night: the director seats the session from the bookings in one step, adds walk-ins, marks no-shows.

Seating goes through the night's own services (``sessions.pair_add``, ``movement.session_movement_set``),
so a pair seated from a booking is checked as one the director types: one seat a player,
the club's own players found by name. It is incremental: seating again seats the bookings
made since (walk-ins) and leaves the seated alone, so a double click seats nobody twice.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, ProgrammeDate, SessionKind
from tournaments.bookings.services.bookings import BookingRefused, live_booking_of
from tournaments.bridge.movement_advice import movement_advice
from tournaments.core.services.players import player_find_or_create
from tournaments.core.services.writes import locked, write
from tournaments.night.models import Direction, Movement, Pair, Session, SessionState
from tournaments.night.services.movement import session_movement_set
from tournaments.night.services.sessions import pair_add, session_create


def _now() -> datetime.datetime:
    return timezone.now()


@dataclass(frozen=True)
class Seated:
    session: Session
    pairs: list[Pair]
    movement_set: bool


def night_session(date: ProgrammeDate, expected_pairs: int | None = None) -> Session:
    """The date's night ``Session``, made (and linked) if it has none: the one the club already has
    by that name that day, else a new one, a Howell or a Mitchell as the pairs expected suggest."""
    if date.session_id is not None:
        return Session.objects.get(pk=date.session_id)
    planned = date.planned
    session = Session.objects.filter(club_id=planned.club_id, date=date.date, name=planned.name).first()
    if session is None:
        if planned.kind == SessionKind.INDIVIDUAL:
            movement = Movement.INDIVIDUAL
        else:
            advice = movement_advice(expected_pairs or 0)
            movement = (
                Movement.HOWELL if advice is not None and advice.kind == "howell" else Movement.MITCHELL
            )
        session = session_create(club=planned.club, date=date.date, name=planned.name, movement=movement)
    date.session = session
    date.save(update_fields=["session"])
    return session


def _to_seat(date: ProgrammeDate) -> list[Booking]:
    return list(
        date.bookings.filter(status=BookingStatus.BOOKED, no_show=False, pair__isnull=True)
        .select_related("player", "partner")
        .order_by("queued_at", "id")
    )


@write()
def night_seat(*, date: ProgrammeDate, user: User | None = None) -> Seated:
    """Seat every booked pair not yet seated (no-shows left out) in the date's session, and give
    the session the suggested movement if it has none; all or nothing."""
    date = locked(
        ProgrammeDate.objects.filter(pk=date.pk).select_related("planned__club"), of=("self",)
    ).get()
    if date.cancelled_at is not None:
        raise BookingRefused(_("This date is cancelled: there is nothing to seat."))
    if date.planned.kind != SessionKind.PAIRS:
        raise BookingRefused(
            _("Only a pairs session is seated from its bookings: seat this one on its page.")
        )
    bookings = _to_seat(date)
    already = date.bookings.filter(pair__isnull=False).count()
    session = night_session(date, already + len(bookings))
    if session.state != SessionState.PREPARATION:
        raise BookingRefused(_("The session has started: add late pairs on the session's page."))
    seated = []
    for booking in bookings:
        direction = ""
        if session.is_mitchell:
            ns = session.pairs.filter(direction=Direction.NS).count()
            ew = session.pairs.filter(direction=Direction.EW).count()
            direction = Direction.NS if ns <= ew else Direction.EW
        names = [booking.player.name] + ([booking.partner_name] if booking.partner_name else [])
        try:
            pair = pair_add(session=session, player_names=names, direction=direction)
        except ValidationError as error:
            raise BookingRefused(
                _("%(names)s cannot be seated: %(reason)s")
                % {"names": " – ".join(names), "reason": " ".join(error.messages)}
            ) from None
        booking.pair = pair
        booking.save(update_fields=["pair"])
        seated.append(pair)
    movement_set = False
    if not session.has_movement:
        advice = movement_advice(session.pairs.count())
        if advice is not None and advice.kind == session.movement:
            try:
                with write():
                    session = session_movement_set(
                        session=session,
                        kind=advice.kind,
                        tables=advice.tables,
                        boards_per_round=advice.boards_per_round,
                    )
                movement_set = True
            except ValidationError:  # the pairs stay seated; the director sets the movement himself
                pass
    date.seated_at = _now()
    date.save(update_fields=["seated_at"])
    return Seated(session, seated, movement_set)


def walk_in_add(*, date: ProgrammeDate, names: list[str]) -> Booking:
    """Book a pair who walked in (one or two names), beyond the limit: the director decides."""
    names = [name for name in names if name.strip()]
    if not names:
        raise BookingRefused(_("Give the walk-in pair's names."))
    club = date.planned.club
    with write():
        date = locked(
            ProgrammeDate.objects.filter(pk=date.pk).select_related("planned__club"), of=("self",)
        ).get()
        if date.cancelled_at is not None:
            raise BookingRefused(_("This date is cancelled: it takes no bookings."))
        try:
            players = [player_find_or_create(club=club, name=name) for name in names]
        except ValidationError as error:
            raise BookingRefused(" ".join(error.messages)) from None
        if len(players) == 2 and players[0].pk == players[1].pk:
            raise BookingRefused(_("You cannot be your own partner."))
        for player in players:
            if live_booking_of(date, player) is not None:
                raise BookingRefused(
                    _("%(name)s is already booked for this session.") % {"name": player.name}
                )
        now = _now()
        return Booking.objects.create(
            date=date,
            player=players[0],
            partner=players[1] if len(players) == 2 else None,
            status=BookingStatus.BOOKED,
            partner_confirmed_at=now if len(players) == 2 else None,
            walk_in=True,
            queued_at=now,
            created_at=now,
        )


@write()
def no_show_set(*, booking: Booking, no_show: bool) -> Booking:
    """Mark a booked pair absent (or present again); a pair seated is removed on the session's page."""
    locked(ProgrammeDate.objects.filter(pk=booking.date_id)).get()
    booking = locked(Booking.objects.filter(pk=booking.pk)).get()
    if booking.pair_id is not None and no_show:
        raise BookingRefused(_("This pair is seated already: remove it on the session's page."))
    if booking.status != BookingStatus.BOOKED:
        raise BookingRefused(_("Only a booked pair can be marked absent."))
    booking.no_show = no_show
    booking.save(update_fields=["no_show"])
    return booking
