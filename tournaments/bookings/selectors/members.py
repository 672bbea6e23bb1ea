"""What a signed-in member reads: his bookings, the asks waiting for his answer, a date's singles."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from tournaments.bookings.models import Booking, BookingStatus, PartnerAsk, PartnerAskStatus, ProgrammeDate
from tournaments.bookings.models.bookings import LIVE
from tournaments.core.models import Player
from tournaments.members.models import MemberAccount
from tournaments.members.selectors.accounts import memberships_of
from tournaments.season.models import ClubMember


def member_players(account: MemberAccount) -> list[int]:
    return list(memberships_of(account.email).values_list("player_id", flat=True))


def my_bookings(account: MemberAccount, now: datetime.datetime | None = None) -> QuerySet[Booking]:
    """His live bookings (as booker or partner) of the dates not yet begun, soonest first."""
    now = now or timezone.now()
    players = member_players(account)
    return (
        Booking.objects.filter(status__in=LIVE, date__starts_at__gt=now)
        .filter(Q(player_id__in=players) | Q(partner_id__in=players))
        .select_related("date__planned__club", "player", "partner")
        .order_by("date__starts_at", "id")
    )


def asks_to_answer(account: MemberAccount) -> QuerySet[PartnerAsk]:
    return (
        PartnerAsk.objects.filter(
            single__player_id__in=member_players(account),
            status=PartnerAskStatus.ASKED,
            single__status=BookingStatus.SINGLE,
            single__date__starts_at__gt=timezone.now(),
        )
        .select_related("single__date__planned__club", "asker")
        .order_by("created_at", "id")
    )


def member_booking(account: MemberAccount, pk: int) -> Booking:
    """His booking ``pk`` (as booker or partner): a 404 for anyone else's."""
    players = member_players(account)
    booking = (
        Booking.objects.filter(pk=pk)
        .filter(Q(player_id__in=players) | Q(partner_id__in=players))
        .select_related("date__planned__club", "player", "partner")
        .first()
    )
    if booking is None:
        raise Http404
    return booking


def member_ask(account: MemberAccount, pk: int) -> PartnerAsk:
    """An ask made to him ``pk``: a 404 for anyone else's."""
    ask = (
        PartnerAsk.objects.filter(pk=pk, single__player_id__in=member_players(account))
        .select_related("single__date__planned__club", "asker")
        .first()
    )
    if ask is None:
        raise Http404
    return ask


@dataclass(frozen=True)
class SingleShown:
    """A single of the partner finder, named as the public pages name him (his privacy choice)."""

    booking_id: int
    name: str
    asked: bool


def date_singles(date: ProgrammeDate, viewer: Player | None) -> list[SingleShown]:
    """The date's singles but the viewer, by the name the public pages show (initials if he asked)."""
    asked = set()
    if viewer is not None:
        asked = set(
            PartnerAsk.objects.filter(
                asker=viewer, single__date=date, status=PartnerAskStatus.ASKED
            ).values_list("single_id", flat=True)
        )
    singles = date.bookings.filter(
        status=BookingStatus.SINGLE, player__erased_at__isnull=True
    ).select_related("player")
    return [
        SingleShown(booking.pk, booking.player.public_name, booking.pk in asked)
        for booking in singles.order_by("queued_at", "id")
        if viewer is None or booking.player_id != viewer.pk
    ]


def partner_choices(date: ProgrammeDate, viewer: Player) -> list[tuple[int, str]]:
    """The club's members a member may name as partner (himself aside), by their public names."""
    members = (
        ClubMember.objects.filter(club_id=date.planned.club_id, player__erased_at__isnull=True)
        .exclude(player=viewer)
        .select_related("player")
        .order_by("player__name", "player_id")
    )
    return [(member.player_id, member.player.public_name) for member in members]


def booking_by_token(token: str) -> Booking | None:
    """The live booking whose partner's link carries ``token`` (none for a blank or spent one)."""
    if not token:
        return None
    return (
        Booking.objects.filter(partner_token=token, status__in=LIVE, partner__isnull=False)
        .select_related("date__planned__club", "player", "partner")
        .first()
    )


def single_of_member_club(account: MemberAccount, pk: int) -> Booking:
    """A single's booking ``pk`` on a date of one of the member's clubs: a 404 for any other."""
    clubs = memberships_of(account.email).values("club_id")
    booking = (
        Booking.objects.filter(pk=pk, status=BookingStatus.SINGLE, date__planned__club__in=clubs)
        .select_related("date__planned__club", "player")
        .first()
    )
    if booking is None:
        raise Http404
    return booking
