"""Reading memberships: each member's type and state, as the member list and the fees read them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments.core.models import Club
from tournaments.money.models import Membership, MembershipType
from tournaments.money.states import MemberState, membership_state
from tournaments.season.models import ClubMember

STATE_LABELS = {
    MemberState.CURRENT: gettext_lazy("Current"),
    MemberState.DUE: gettext_lazy("Due"),
    MemberState.LAPSED: gettext_lazy("Lapsed"),
    MemberState.RESIGNED: gettext_lazy("Resigned"),
    MemberState.DECEASED: gettext_lazy("Deceased"),
}


@dataclass(frozen=True)
class MemberStanding:
    """A member's type (``None``: the club keeps no membership for him) and his state today."""

    member: ClubMember
    membership: Membership | None
    type: MembershipType | None
    state: MemberState

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])


def standing_of(member: ClubMember, membership: Membership | None, today: date) -> MemberStanding:
    """A member's standing: one with no type is Current (a club that keeps no subscriptions)."""
    kind = membership.type if membership is not None else None
    if membership is None or (kind is None and not membership.ending):
        return MemberStanding(member, membership, None, MemberState.CURRENT)
    state = membership_state(
        paid_until=membership.paid_until,
        grace_days=kind.grace_days if kind is not None else 0,
        today=today,
        ending=membership.ending,
    )
    return MemberStanding(member, membership, kind, state)


def member_standings(club: Club, today: date | None = None) -> dict[int, MemberStanding]:
    """Every member of the club's list by player id, with his type and state ``today``."""
    today = today or timezone.localdate()
    members = ClubMember.objects.filter(club=club).select_related(
        "player", "membership__type", "membership__payer"
    )
    result = {}
    for member in members:
        membership = getattr(member, "membership", None)
        result[member.player_id] = standing_of(member, membership, today)
    return result


def membership_types(club: Club) -> list[MembershipType]:
    return list(MembershipType.objects.filter(club=club).order_by("name"))
