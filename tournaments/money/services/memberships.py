"""Memberships: a club's types, each member's, and the yearly renewal of subscriptions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bridge.season.members import MemberListError
from tournaments.bridge.text import quoted
from tournaments.core.models import Club, Player
from tournaments.core.services.writes import locked_row, write
from tournaments.money.memberships_file import MembershipLine
from tournaments.money.models import AccountKind, Cause, Ending, Membership, MembershipType, Posting
from tournaments.money.models.memberships import MAX_GRACE_DAYS
from tournaments.money.selectors.memberships import member_standings
from tournaments.money.services.ledger import Transfer, check_amount, club_account, player_account, post
from tournaments.money.states import PAYS_AS_MEMBER, membership_year
from tournaments.season.models import ClubMember

MAX_ANNUAL_FEE = Decimal("100000")


@write()
def membership_type_save(
    *,
    club: Club,
    name: str,
    annual_fee: Decimal,
    year_start_month: int,
    year_start_day: int,
    grace_days: int,
    plays_free: bool = False,
    junior: bool = False,
) -> MembershipType:
    """Make or change the club's membership type called ``name``."""
    name = " ".join(name.split())[:80]
    if not name:
        raise ValidationError({"name": _("A name is needed.")})
    if annual_fee < 0 or annual_fee > MAX_ANNUAL_FEE or annual_fee != annual_fee.quantize(Decimal("0.01")):
        raise ValidationError(
            {
                "annual_fee": _("An annual fee is from 0 to %(max)s with at most two decimals.")
                % {"max": MAX_ANNUAL_FEE}
            }
        )
    if not 1 <= year_start_month <= 12 or not 1 <= year_start_day <= 28:
        raise ValidationError(
            {"year_start_day": _("The year starts on a day from 1 to 28 of a month from 1 to 12.")}
        )
    if not 0 <= grace_days <= MAX_GRACE_DAYS:
        raise ValidationError({"grace_days": _("Grace is from 0 to %(max)d days.") % {"max": MAX_GRACE_DAYS}})
    kind, _created = MembershipType.objects.update_or_create(
        club=club,
        name=name,
        defaults={
            "annual_fee": annual_fee,
            "year_start_month": year_start_month,
            "year_start_day": year_start_day,
            "grace_days": grace_days,
            "plays_free": plays_free,
            "junior": junior,
        },
    )
    return kind


@write()
def membership_set(
    *,
    member: ClubMember,
    type: MembershipType | None,
    paid_until: date | None,
    ending: str = "",
) -> Membership:
    """Set a member's type, the day he has paid until, and whether he resigned or died."""
    if type is not None and type.club_id != member.club_id:
        raise ValidationError({"type": _("That membership type is another club's.")})
    if ending not in Ending.values:
        raise ValidationError({"ending": _("%(value)s is not a way a membership ends.") % {"value": ending}})
    membership, _created = Membership.objects.update_or_create(
        member=member, defaults={"type": type, "paid_until": paid_until, "ending": ending}
    )
    return membership


@write()
def membership_payer_set(*, member: ClubMember, payer: Player | None) -> Membership:
    """Have ``payer``'s account pay the member's table money from now on (``None``: his own).

    The payer is another member of the same club (one account for a couple); the fees of
    nights already charged stay as they are (the desk changes one night's payer)."""
    if payer is not None and payer.pk == member.player_id:
        payer = None
    if payer is not None and not ClubMember.objects.filter(club_id=member.club_id, player=payer).exists():
        raise ValidationError({"payer": _("%(name)s is not a member of the club.") % {"name": payer.name}})
    membership, _created = Membership.objects.get_or_create(member=member)
    membership.payer = payer
    membership.save(update_fields=["payer", "changed_at"])
    return membership


@write()
def membership_save(
    *,
    member: ClubMember,
    type: MembershipType | None,
    paid_until: date | None,
    ending: str = "",
    payer: Player | None = None,
) -> Membership:
    """The membership page's save: his type, paid-until day and ending, and who pays his fees."""
    membership_set(member=member, type=type, paid_until=paid_until, ending=ending)
    return membership_payer_set(member=member, payer=payer)


@dataclass(frozen=True)
class Renewal:
    posted: int  # subscriptions posted by this run
    already: int  # members whose subscription for the year was posted before


@write()
def renewal_run(*, club: Club, today: date | None = None, by: User | None = None) -> Renewal:
    """Post each current (or due) member's subscription for the membership year holding ``today``.

    Keyed by member and year (``subscription:<member>:<year's first day>``), and run with
    the club's row locked, so a second run, or two at once, posts nothing again. A member
    already paid up to the year's end, of a type with no fee, lapsed, resigned or deceased
    is left out. His paid-until day moves to the year's end when his subscription is
    posted: he owes it on his account, and his statement shows it until he pays.
    """
    locked_row(club)
    today = today or timezone.localdate()
    posted = already = 0
    income = club_account(club, AccountKind.SUBSCRIPTIONS)
    for standing in member_standings(club, today=today).values():
        kind, membership = standing.type, standing.membership
        if kind is None or membership is None or kind.annual_fee <= 0 or standing.state not in PAYS_AS_MEMBER:
            continue
        start, end = membership_year(
            start_month=kind.year_start_month, start_day=kind.year_start_day, today=today
        )
        key = f"subscription:{standing.member.pk}:{start.isoformat()}"
        if Posting.objects.filter(club=club, key=key).exists() or (
            membership.paid_until is not None and membership.paid_until >= end
        ):
            already += 1
            continue
        player = standing.member.player
        post(
            club=club,
            transfers=[Transfer(player_account(club, player), income, check_amount(kind.annual_fee))],
            cause=Cause.SUBSCRIPTION,
            cause_id=standing.member.pk,
            on=today,
            memo=f"{kind.name} {start.isoformat()}..{end.isoformat()}: {player.name}",
            by=by,
            key=key,
        )
        posted += 1
        membership.paid_until = end
        membership.save(update_fields=["paid_until", "changed_at"])
    return Renewal(posted, already)


@write()
def memberships_import(*, club: Club, lines: Sequence[MembershipLine]) -> int:
    """Set each line's member's type, paid-until day, ending and payer, all or nothing; return how many.

    Refused (``MemberListError``, every bad line named) for a member not on the club's list
    or a type the club does not have.
    """
    locked_row(club)
    members = list(ClubMember.objects.filter(club=club).select_related("player"))
    by_number = {m.player.federation_number.casefold(): m for m in members if m.player.federation_number}
    by_name = {m.player.name.casefold(): m for m in members}
    types = {kind.name.casefold(): kind for kind in MembershipType.objects.filter(club=club)}
    errors, plans = [], []
    for line in lines:
        key = line.member.casefold()
        member = by_number.get(key) or by_name.get(key)
        kind = types.get(line.type.casefold()) if line.type else None
        if member is None:
            errors.append(
                (
                    line.line,
                    _("%(member)s is not on the club's member list") % {"member": quoted(line.member)},
                )
            )
        elif (
            line.payer
            and (by_number.get(line.payer.casefold()) or by_name.get(line.payer.casefold())) is None
        ):
            errors.append(
                (
                    line.line,
                    _("%(member)s is not on the club's member list") % {"member": quoted(line.payer)},
                )
            )
        elif line.type and kind is None:
            errors.append(
                (
                    line.line,
                    _("%(type)s is not one of the club's membership types") % {"type": quoted(line.type)},
                )
            )
        else:
            plans.append((member, kind, line))
    if errors:
        raise MemberListError(errors)
    for member, kind, line in plans:
        current = Membership.objects.filter(member=member).first()
        ending = line.ending if line.ending is not None else (current.ending if current else "")
        membership_set(member=member, type=kind, paid_until=line.paid_until, ending=ending)
        if line.payer is not None:
            payer = by_number.get(line.payer.casefold()) or by_name.get(line.payer.casefold())
            membership_payer_set(member=member, payer=payer.player if payer else None)
    return len(plans)
