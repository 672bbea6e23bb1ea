"""The director's summary of a date: who is expected, the singles, the waiting list, a movement."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, ProgrammeDate
from tournaments.bridge.movement_advice import MovementAdvice, movement_advice


@dataclass(frozen=True)
class Summary:
    date: ProgrammeDate
    booked: list[Booking]
    singles: list[Booking]
    waiting: list[Booking]
    late: list[Booking]
    advice: MovementAdvice | None

    @property
    def pairs(self) -> int:
        return sum(1 for booking in self.booked if not booking.no_show)

    @property
    def tables(self) -> int:
        return (self.pairs + 1) // 2

    @property
    def unconfirmed(self) -> list[Booking]:
        return [booking for booking in self.booked if booking.awaits_partner]

    @property
    def advice_text(self) -> str:
        return advice_text(self.advice)

    @property
    def odd_pair_text(self) -> str:
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
        advice=movement_advice(pairs),
    )
