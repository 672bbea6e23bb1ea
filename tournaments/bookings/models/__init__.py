"""Before the night: the programme (sessions ahead, closed dates, the club's booking rules) and bookings.

One module per subject; a later capability (entries to events) adds its own beside them.
"""

from tournaments.bookings.models.bookings import Booking, BookingStatus, PartnerAsk, PartnerAskStatus
from tournaments.bookings.models.entries import (
    Entry,
    EntryEvent,
    EntryEventKind,
    EntryPayment,
    EntryPlayer,
    PaymentMethod,
    PlayerCategory,
)
from tournaments.bookings.models.programme import (
    BookingRules,
    ClosedDate,
    PlannedSession,
    ProgrammeDate,
    SessionKind,
)

__all__ = [
    "Entry",
    "EntryEvent",
    "EntryEventKind",
    "EntryPayment",
    "EntryPlayer",
    "PaymentMethod",
    "PlayerCategory",
    "Booking",
    "BookingRules",
    "BookingStatus",
    "ClosedDate",
    "PartnerAsk",
    "PartnerAskStatus",
    "PlannedSession",
    "ProgrammeDate",
    "SessionKind",
]
