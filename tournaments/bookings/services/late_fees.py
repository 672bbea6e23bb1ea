"""A late cancellation that pays: the club's rule (``BookingRules.late_cancellation_pays``) charged.

A booking cancelled after the club's cut-off is recorded late (``Booking.cancelled_late``);
where the club says a late cancellation pays, each member of the pair is charged the
session's fee to his account at the club, as if he had played: the member's rate of the
programme line's fee schedule (the money capability's table money), else of the club's
default schedule; a fee the admin set on the line itself comes first. A visitor has no
account and is charged nothing. Each charge is keyed ``late:<booking>:<player>``, so the
books hold it once whatever clicks twice.
"""

from __future__ import annotations

from decimal import Decimal

from tournaments.bookings.models import Booking, ProgrammeDate
from tournaments.bookings.selectors.programme import booking_rules
from tournaments.money.models import AccountKind, Cause, FeeRate, FeeStandard, Posting
from tournaments.money.services.ledger import Transfer, club_account, player_account, post
from tournaments.season.models import ClubMember


def late_fee(date: ProgrammeDate) -> Decimal | None:
    """What a late cancellation of ``date`` pays a player: the planned fee (set by the admin), else
    the member's rate of the line's fee schedule, else of the club's default schedule."""
    planned = date.planned
    if planned.fee is not None:
        return planned.fee
    rates = FeeRate.objects.filter(standard=FeeStandard.MEMBER)
    if planned.fee_schedule_id is not None:
        rate = rates.filter(schedule_id=planned.fee_schedule_id).first()
    else:
        rate = rates.filter(schedule__club_id=planned.club_id, schedule__default=True).first()
    return rate.amount if rate is not None else None


def late_cancellation_charge(*, booking: Booking, date: ProgrammeDate) -> list[Posting]:
    """Charge the booking's members the session's fee, if the club's rules say a late
    cancellation pays and the booking was cancelled late. In the cancellation's write."""
    club = date.planned.club
    if not booking.cancelled_late or not booking_rules(club).late_cancellation_pays:
        return []
    amount = late_fee(date)
    if not amount:
        return []
    players = [player for player in (booking.player, booking.partner) if player is not None]
    members = set(
        ClubMember.objects.filter(club=club, player__in=players).values_list("player_id", flat=True)
    )
    # Names and dates only: the books are read in every language (the posting's cause says why).
    memo = f"{date.date.isoformat()} {date.planned.name}"
    return [
        post(
            club=club,
            transfers=[
                Transfer(
                    debit=player_account(club, player),
                    credit=club_account(club, AccountKind.TABLE_MONEY),
                    amount=amount,
                    memo=f"{memo}: {player.name}",
                )
            ],
            cause=Cause.LATE_CANCELLATION,
            cause_id=booking.pk,
            memo=memo,
            key=f"late:{booking.pk}:{player.pk}",
        )
        for player in players
        if player.pk in members
    ]
