"""Reading entries: the definitive list of an event (page, CSV, XLSX), a member's own entries.

One list serves the secretary, the scorer and the treasurer alike: each entry's number,
players (with their category, fee and whether they have confirmed), its state (pending,
confirmed, waiting for a place, cancelled), its fee and whether and how it is paid. The page and the files
are made from the same rows (``entry_list``), so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournaments.bookings.models import Entry, EntryEvent, EntryPayment, EntryPlayer
from tournaments.core.models import Club, Player
from tournaments.core.selectors.access import clubs_directed, roles_refusal, user_directs


@dataclass(frozen=True)
class EntryRow:
    """One entry as the list shows it."""

    entry: Entry
    players: list[EntryPlayer]
    payment: EntryPayment | None

    @property
    def number(self) -> int:
        return self.entry.number

    @property
    def team_name(self) -> str:
        return self.entry.team_name

    @property
    def cancelled(self) -> bool:
        return self.entry.is_cancelled

    @property
    def waiting(self) -> bool:
        return self.entry.is_waiting

    @property
    def pending(self) -> bool:
        return any(player.confirmed_at is None for player in self.players)

    @property
    def paid(self) -> bool:
        return self.payment is not None

    @property
    def refunded(self) -> bool:
        return self.payment is not None and self.payment.refunded_at is not None

    @property
    def unpaid(self) -> bool:
        """Flagged on the list: an entry standing whose fee nobody has paid."""
        return not self.cancelled and not self.waiting and not self.paid and self.entry.fee > 0

    @property
    def names(self) -> str:
        return " & ".join(player.player.name for player in self.players)


def _rows(entries: QuerySet[Entry]) -> list[EntryRow]:
    entries = entries.select_related("payment", "event", "event__club").prefetch_related(
        Prefetch("players", queryset=EntryPlayer.objects.select_related("player").order_by("position"))
    )
    return [
        EntryRow(entry=entry, players=list(entry.players.all()), payment=getattr(entry, "payment", None))
        for entry in entries.order_by("number")
    ]


def entry_list(event: EntryEvent) -> list[EntryRow]:
    """Every entry of the event, cancelled ones too, in the order they came."""
    return _rows(Entry.objects.filter(event=event))


def active_entries(event: EntryEvent) -> list[EntryRow]:
    """The event's entries holding a place (not cancelled, not waiting), in the order they came."""
    return _rows(Entry.objects.filter(event=event, cancelled_at__isnull=True, waiting=False))


@dataclass(frozen=True)
class EntryTotals:
    entries: int
    waiting: int
    pending: int
    unpaid: int
    places_left: int
    fees_due: Decimal
    fees_paid: Decimal


def entry_totals(event: EntryEvent, rows: list[EntryRow]) -> EntryTotals:
    standing = [row for row in rows if not row.cancelled and not row.waiting]
    paid = [row for row in standing if row.paid]
    return EntryTotals(
        entries=len(standing),
        waiting=sum(row.waiting for row in rows),
        pending=sum(row.pending for row in standing),
        unpaid=sum(row.unpaid for row in standing),
        places_left=max(event.limit - len(standing), 0),
        fees_due=sum((row.entry.fee for row in standing), Decimal("0.00")),
        fees_paid=sum((row.payment.amount for row in paid if row.payment), Decimal("0.00")),
    )


def entry_events_directed(user: User) -> QuerySet[EntryEvent]:
    return EntryEvent.objects.filter(club__in=clubs_directed(user)).select_related("club")


def entry_event_for_director(user: User, event_id: int) -> EntryEvent:
    """The event if one of the user's roles at its club opens the route; 404 when absent, else 403."""
    event = get_object_or_404(EntryEvent.objects.select_related("club"), pk=event_id)
    if not user_directs(user, event.club_id):
        raise PermissionDenied(roles_refusal())
    return event


def entry_of_event(event: EntryEvent, entry_id: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("event", "event__club"), pk=entry_id, event=event)


def entry_events_open(clubs: list[Club]) -> list[EntryEvent]:
    """The events of these clubs still to start whose entries have not closed, soonest first."""
    return list(
        EntryEvent.objects.filter(club__in=clubs, started_at__isnull=True, closes_at__gt=timezone.now())
        .select_related("club")
        .order_by("starts_on", "id")
    )


def member_entries(players: list[Player]) -> list[EntryRow]:
    """The entries these players (a member's) are in, newest event first."""
    ids = EntryPlayer.objects.filter(player__in=players).values("entry_id")
    return sorted(
        _rows(Entry.objects.filter(pk__in=ids)),
        key=lambda row: (-row.entry.event.starts_on.toordinal(), row.entry.event.pk, row.number),
    )


def entry_player_of(players: list[Player], entry_player_id: int) -> EntryPlayer:
    """His place in an entry: a 404 for anyone else's (a member guessing ids learns nothing)."""
    return get_object_or_404(
        EntryPlayer.objects.select_related("entry", "entry__event", "player"),
        pk=entry_player_id,
        player__in=players,
    )
