"""The programme as the pages read it: the dates ahead, their places, the club's rules."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from tournaments.bookings.models import BookingRules, PlannedSession, ProgrammeDate
from tournaments.bookings.models.bookings import BookingStatus
from tournaments.core.models import Club, Player
from tournaments.members.models import MemberAccount
from tournaments.members.selectors.accounts import memberships_of

PUBLIC_DATES = 60


def booking_rules(club: Club) -> BookingRules:
    """The club's rules (the defaults, unsaved, for a club that never set them)."""
    return BookingRules.objects.filter(club=club).first() or BookingRules(club=club)


def dates_ahead(club: Club, now: datetime.datetime | None = None) -> QuerySet[ProgrammeDate]:
    """The club's dates not yet begun and not withdrawn, soonest first, with their booked pairs counted."""
    now = now or timezone.now()
    return (
        ProgrammeDate.objects.filter(
            planned__club=club, starts_at__gt=now, planned__withdrawn_at__isnull=True
        )
        .select_related("planned")
        .annotate(
            booked=Count("bookings", filter=Q(bookings__status=BookingStatus.BOOKED)),
            waiting=Count("bookings", filter=Q(bookings__status=BookingStatus.WAITING)),
            singles=Count("bookings", filter=Q(bookings__status=BookingStatus.SINGLE)),
        )
        .order_by("starts_at", "id")
    )


def planned_sessions(club: Club) -> QuerySet[PlannedSession]:
    return (
        PlannedSession.objects.filter(club=club, withdrawn_at__isnull=True)
        .select_related("fee_schedule")
        .order_by("first_date", "id")
    )


@dataclass(frozen=True)
class Places:
    booked: int
    limit: int | None

    @property
    def free(self) -> int | None:
        return None if self.limit is None else max(0, self.limit - self.booked)

    @property
    def full(self) -> bool:
        return self.limit is not None and self.booked >= self.limit


def places(date: ProgrammeDate) -> Places:
    """The places booked on ``date`` against its limit (read it under the date's lock to decide):
    pairs, or players for an individual."""
    booked = date.bookings.filter(status=BookingStatus.BOOKED).count()
    return Places(booked, date.planned.booking_places)


def member_player_at(account: MemberAccount, club: Club) -> Player | None:
    """The player the club's list names the member by (the first, if it names him twice)."""
    membership = memberships_of(account.email).filter(club=club).first()
    return membership.player if membership is not None else None


def club_date(club: Club, pk: int) -> ProgrammeDate:
    """The club's date ``pk``: a 404 for another club's (a guessed id learns nothing)."""
    date = (
        ProgrammeDate.objects.select_related("planned__club", "session")
        .filter(pk=pk, planned__club=club)
        .first()
    )
    if date is None:
        raise Http404
    return date


def member_date(account: MemberAccount, pk: int) -> ProgrammeDate:
    """A date of one of the member's clubs: a 404 for any other."""
    clubs = memberships_of(account.email).values("club_id")
    date = (
        ProgrammeDate.objects.select_related("planned__club").filter(pk=pk, planned__club__in=clubs).first()
    )
    if date is None:
        raise Http404
    return date
