"""The director's summary of a date: who is expected, the singles, the waiting list, a movement."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, ProgrammeDate
from tournaments.bridge.individual import TABLES as INDIVIDUAL_TABLES
from tournaments.bridge.individual import individual
from tournaments.bridge.movement_advice import MovementAdvice, movement_advice

INDIVIDUAL_BOARDS = 24  # about this many boards a night: an individual's rounds share them
MOST_BOARDS_PER_ROUND = 8


@dataclass(frozen=True)
class Summary:
    date: ProgrammeDate
    booked: list[Booking]
    singles: list[Booking]
    waiting: list[Booking]
    late: list[Booking]
    advice: MovementAdvice | None

    @property
    def is_individual(self) -> bool:
        return self.date.planned.is_individual

    @property
    def pairs(self) -> int:
        """The bookings expected (not marked absent): pairs, or an individual's players."""
        return sum(1 for booking in self.booked if not booking.no_show)

    @property
    def players(self) -> int:
        """The players expected: two a pair; an individual's one a booking (two where one names a
        partner, made before individuals were booked by the player)."""
        if not self.is_individual:
            return 2 * self.pairs
        return sum(1 + bool(booking.partner_name) for booking in self.booked if not booking.no_show)

    @property
    def tables(self) -> int:
        return (self.players + 3) // 4 if self.is_individual else (self.pairs + 1) // 2

    @property
    def unconfirmed(self) -> list[Booking]:
        return [booking for booking in self.booked if booking.awaits_partner]

    @property
    def advice_text(self) -> str:
        if self.is_individual:
            return individual_advice_text(self.players)
        return advice_text(self.advice)

    @property
    def odd_pair_text(self) -> str:
        if self.is_individual:
            over = self.players % 4
            if over == 0:
                return ""
            return _(
                "%(over)s players over the last full table: %(short)s more make a table (a standby, or the "
                "director plays), or the last booked wait as standbys."
            ) % {"over": over, "short": 4 - over}
        if self.pairs % 2 == 0:
            return ""
        return _(
            "An odd number of pairs: the director or a standby player makes up a pair, or one pair sits "
            "out each round (a half table), or the last pair booked waits for a partner pair."
        )


def advice_text(advice: MovementAdvice | None) -> str:
    """The suggestion as the director reads it (``A Howell for 7 pairs: 7 rounds of 3 boards...``)."""
    if advice is None:
        return _("Fewer than four pairs: too few for a movement.")
    words = {
        "pairs": advice.pairs,
        "tables": advice.tables,
        "rounds": advice.rounds,
        "boards": advice.boards_per_round,
        "total": advice.boards,
    }
    if advice.kind == "howell":
        text = _(
            "A Howell for %(pairs)s pairs at %(tables)s tables: %(rounds)s rounds of %(boards)s boards "
            "(%(total)s)."
        )
    else:
        text = _(
            "A Mitchell for %(pairs)s pairs at %(tables)s tables: %(rounds)s rounds of %(boards)s boards "
            "(%(total)s)."
        )
    if advice.sit_out:
        text += " " + _("One pair sits out each round.")
    return text % words


def individual_boards_per_round(tables: int) -> int:
    """Boards a round for an individual of ``tables``: about ``INDIVIDUAL_BOARDS`` in all."""
    return max(1, min(MOST_BOARDS_PER_ROUND, round(INDIVIDUAL_BOARDS / individual(tables).rounds)))


def individual_advice_text(players: int) -> str:
    """The individual movement for ``players`` as the director reads it, or what it needs."""
    tables = players // 4
    if not INDIVIDUAL_TABLES.start <= tables < INDIVIDUAL_TABLES.stop:
        return _("An individual needs %(least)s to %(most)s players, four a table.") % {
            "least": 4 * INDIVIDUAL_TABLES.start,
            "most": 4 * (INDIVIDUAL_TABLES.stop - 1),
        }
    movement = individual(tables)
    boards = individual_boards_per_round(tables)
    return _(
        "An individual for %(players)s players at %(tables)s tables: %(rounds)s rounds of %(boards)s "
        "boards (%(total)s)."
    ) % {
        "players": 4 * tables,
        "tables": tables,
        "rounds": movement.rounds,
        "boards": boards,
        "total": boards * movement.rounds,
    }


def date_summary(date: ProgrammeDate) -> Summary:
    bookings = list(date.bookings.select_related("player", "partner").order_by("queued_at", "id"))
    booked = [b for b in bookings if b.status == BookingStatus.BOOKED]
    pairs = sum(1 for b in booked if not b.no_show)
    return Summary(
        date=date,
        booked=booked,
        singles=[b for b in bookings if b.status == BookingStatus.SINGLE],
        waiting=[b for b in bookings if b.status == BookingStatus.WAITING],
        late=[b for b in bookings if b.cancelled_late],
        advice=None if date.planned.is_individual else movement_advice(pairs),
    )
