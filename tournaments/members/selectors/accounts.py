"""Who a signed-in member is: the memberships holding his address, his players and clubs.

Read from the member lists at each request (``ClubMember.email``), matched trimmed and
case-blind, an erased player never: what a club removes, he loses at once.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.db.models.functions import Lower, Trim
from django.http import Http404
from django.utils import timezone

from tournaments.core.models import Club, Player
from tournaments.mail.models import MailOptOut
from tournaments.members.models import MemberAccount
from tournaments.night.models import Session, SessionState
from tournaments.season.models import ClubMember

NEXT_SESSIONS = 10


def memberships_of(email: str) -> QuerySet[ClubMember]:
    """The memberships whose email is ``email`` (already normalised), of players not erased."""
    return (
        ClubMember.objects.annotate(normalised=Lower(Trim("email")))
        .filter(normalised=email, player__erased_at__isnull=True)
        .exclude(email="")
        .select_related("club", "player")
        .order_by("club__name", "player__name", "player_id")
    )


def email_known(email: str) -> bool:
    """Whether any club holds ``email`` for a player: a link is mailed to it only then."""
    return memberships_of(email).exists()


def account_of(user: AbstractBaseUser | AnonymousUser) -> MemberAccount | None:
    """The member account of a signed-in user, or None (anonymous, or a director who is no member)."""
    if not user.is_authenticated:
        return None
    return MemberAccount.objects.filter(user_id=user.pk).first()


@dataclass(frozen=True)
class MemberClub:
    """One of his clubs, through the player its list names him by; ``mailed`` unless he opted out."""

    club: Club
    player: Player
    mailed: bool


def member_clubs(account: MemberAccount) -> list[MemberClub]:
    memberships = list(memberships_of(account.email))
    opted_out = set(
        MailOptOut.objects.filter(player__in=[m.player_id for m in memberships]).values_list(
            "club_id", "player_id"
        )
    )
    return [MemberClub(m.club, m.player, (m.club_id, m.player_id) not in opted_out) for m in memberships]


def member_player(account: MemberAccount, pk: int) -> Player:
    """His player ``pk``: a 404 for any other (a member guessing another's id learns nothing)."""
    for membership in memberships_of(account.email):
        if membership.player_id == pk:
            return membership.player
    raise Http404


def member_player_clubs(account: MemberAccount, player: Player) -> QuerySet[Club]:
    """The clubs holding his address for ``player``: what his export is of."""
    ids = memberships_of(account.email).filter(player=player).values("club_id")
    return Club.objects.filter(pk__in=ids)


def next_sessions(clubs: list[Club], today: datetime.date | None = None) -> list[Session]:
    """The sessions his clubs have planned from today, soonest first (those not yet finished)."""
    today = today or timezone.localdate()
    return list(
        Session.objects.filter(club__in=clubs, date__gte=today)
        .exclude(state=SessionState.FINISHED)
        .select_related("club")
        .order_by("date", "club__name", "id")[:NEXT_SESSIONS]
    )
