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
from tournaments.bookings.selectors.summary import individual_boards_per_round
from tournaments.bookings.services.bookings import BookingRefused, live_booking_of
from tournaments.bridge.individual import TABLES as INDIVIDUAL_TABLES
from tournaments.bridge.movement_advice import movement_advice
from tournaments.core.models import Player
from tournaments.core.services.players import player_find_or_create
from tournaments.core.services.writes import locked, write
from tournaments.money.models import SessionFees
from tournaments.money.services.fees import session_schedule_set
from tournaments.night.models import Direction, Movement, Pair, Session, SessionState
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.movement import session_movement_set
from tournaments.night.services.sessions import pair_add, session_create


def _now() -> datetime.datetime:
    return timezone.now()


@dataclass(frozen=True)
class Seated:
    session: Session
    pairs: list[Pair]
    movement_set: bool
    players: int = 0  # an individual's players seated (its pairs are the movement's partnerships)


def night_session(date: ProgrammeDate, expected_pairs: int | None = None) -> Session:
    """The date's night ``Session``, made (and linked) if it has none: the one the club already has
    by that name that day, else a new one, a Howell or a Mitchell as the pairs expected suggest;
    its fees follow the programme line's schedule, if it names one."""
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
    if planned.fee_schedule_id is not None and not SessionFees.objects.filter(session=session).exists():
        # The programme's fees for its night (a schedule the director chose on the night stays).
        session_schedule_set(session=session, schedule=planned.fee_schedule)  # type: ignore[arg-type]
    date.session = session
    date.save(update_fields=["session"])
    return session


def _to_seat(date: ProgrammeDate) -> list[Booking]:
    return list(
        date.bookings.filter(status=BookingStatus.BOOKED, no_show=False, pair__isnull=True)
        .select_related("player", "partner")
        .order_by("queued_at", "id")
    )


def _movement_fit(session: Session, pairs: int) -> bool:
    """Give the session the suggested movement for ``pairs`` before they are seated, when it has
    none or one too small for them (walk-ins after a first seating); a movement the director
    chose that seats them all is kept. False when the director must set it himself."""
    advice = movement_advice(pairs)
    if advice is None or advice.kind != session.movement:
        return False
    if session.has_movement and (session.movement_tables or 0) >= advice.tables:
        return False
    try:
        with write():
            session_movement_set(
                session=session,
                kind=advice.kind,
                tables=advice.tables,
                boards_per_round=advice.boards_per_round,
            )
    except ValidationError:  # the pairs are seated all the same; the director sets the movement
        return False
    return True


@write()
def night_seat(*, date: ProgrammeDate, user: User | None = None) -> Seated:
    """Seat every booked pair not yet seated (no-shows left out) in the date's session, first giving
    it the suggested movement for them all if it has none or one too small; all or nothing."""
    date = locked(
        ProgrammeDate.objects.filter(pk=date.pk).select_related("planned__club"), of=("self",)
    ).get()
    if date.cancelled_at is not None:
        raise BookingRefused(_("This date is cancelled: there is nothing to seat."))
    if date.planned.is_individual:
        return _individual_seat(date)
    if date.planned.kind != SessionKind.PAIRS:
        raise BookingRefused(
            _("Only a pairs session is seated from its bookings: seat this one on its page.")
        )
    bookings = _to_seat(date)
    already = date.bookings.filter(pair__isnull=False).count()
    session = night_session(date, already + len(bookings))
    if session.state != SessionState.PREPARATION:
        raise BookingRefused(_("The session has started: add late pairs on the session's page."))
    movement_set = _movement_fit(session, session.pairs.count() + len(bookings))
    session.refresh_from_db()
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
    date.seated_at = _now()
    date.save(update_fields=["seated_at"])
    return Seated(session, seated, movement_set)


def individual_tables(players: int) -> int | None:
    """The tables an individual of ``players`` fills (four a table, 3 to 8 tables), or None."""
    tables, over = divmod(players, 4)
    return tables if over == 0 and INDIVIDUAL_TABLES.start <= tables < INDIVIDUAL_TABLES.stop else None


def _individual_seat(date: ProgrammeDate) -> Seated:
    """Seat an individual from its bookings: every booked player not absent, in the order booked,
    numbered 1..P, the movement for P/4 tables set. Seating again (walk-ins added) seats them all
    anew, which the night allows until a result is in. In the caller's write (all or nothing)."""
    bookings = list(
        date.bookings.filter(status=BookingStatus.BOOKED, no_show=False)
        .select_related("player", "partner")
        .order_by("queued_at", "id")
    )
    # One player a booking; a booking naming two (made before individuals were booked by the
    # player) seats both, one after the other.
    names = [name for booking in bookings for name in (booking.player.name, booking.partner_name) if name]
    count = len(names)
    tables = individual_tables(count)
    if tables is None:
        least, most = 4 * INDIVIDUAL_TABLES.start, 4 * (INDIVIDUAL_TABLES.stop - 1)
        raise BookingRefused(
            _(
                "An individual seats %(least)d to %(most)d players, four a table: %(count)d are booked. "
                "Add walk-ins (a standby, or the director) or mark the absent, then seat again."
            )
            % {"least": least, "most": most, "count": count}
        )
    session = night_session(date, count // 2)
    if session.state != SessionState.PREPARATION:
        raise BookingRefused(_("The session has started: change its players on the session's page."))
    if not session.is_individual:
        raise BookingRefused(
            _("The session of that name is not an individual: seat it on the session's page.")
        )
    movement_set = not (session.has_movement and session.movement_tables == tables)
    try:
        if movement_set:
            session_movement_set(
                session=session,
                kind=Movement.INDIVIDUAL,
                tables=tables,
                boards_per_round=individual_boards_per_round(tables),
            )
            session.refresh_from_db()
        individual_players_seat(session=session, names=names)
    except ValidationError as error:
        raise BookingRefused(
            _("The players cannot be seated: %(reason)s") % {"reason": " ".join(error.messages)}
        ) from None
    date.seated_at = _now()
    date.save(update_fields=["seated_at"])
    return Seated(session, list(session.pairs.all()), movement_set, players=count)


def walk_in_add(*, date: ProgrammeDate, names: list[str]) -> list[Booking]:
    """Book who walked in, beyond the limit (the director decides): a pair (one or two names), or
    for an individual each name a player of his own."""
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
        if date.planned.is_individual:
            groups: list[list[Player]] = [[player] for player in players]
        else:
            groups = [players]
        return [
            Booking.objects.create(
                date=date,
                player=group[0],
                partner=group[1] if len(group) == 2 else None,
                status=BookingStatus.BOOKED,
                partner_confirmed_at=now if len(group) == 2 else None,
                walk_in=True,
                queued_at=now,
                created_at=now,
            )
            for group in groups
        ]


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
