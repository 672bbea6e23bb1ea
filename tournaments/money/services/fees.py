"""A club's fee schedules: each kind of session's rates (member, visitor, junior, the club's own)."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.core.services.writes import locked_row, write
from tournaments.money.models import FeeRate, FeeSchedule, FeeStandard, SessionFees
from tournaments.money.services.charges import check_fee
from tournaments.night.models import Session


def _name(value: str, field: str) -> str:
    name = " ".join(value.split())
    if not name:
        raise ValidationError({field: _("A name is needed.")})
    return name


@write()
def schedule_save(
    *,
    club: Club,
    name: str,
    default: bool,
    member: object,
    visitor: object,
    junior: object | None = None,
) -> FeeSchedule:
    """Make or change the schedule called ``name``: its member's, visitor's and junior's rates.

    The club's first schedule is its default; making another the default unmakes the old one.
    """
    locked_row(club)  # one change of the club's schedules at a time (the default is one)
    name = _name(name, "name")[:80]
    rates = {
        FeeStandard.MEMBER: check_fee(member, "member"),
        FeeStandard.VISITOR: check_fee(visitor, "visitor"),
    }
    if junior not in (None, ""):
        rates[FeeStandard.JUNIOR] = check_fee(junior, "junior")
    schedule = FeeSchedule.objects.filter(club=club, name=name).first()
    first = not FeeSchedule.objects.filter(club=club).exists()
    if default or first:
        FeeSchedule.objects.filter(club=club, default=True).exclude(name=name).update(default=False)
    if schedule is None:
        schedule = FeeSchedule.objects.create(club=club, name=name, default=default or first)
    elif schedule.default != (default or schedule.default):
        schedule.default = True
        schedule.save(update_fields=["default"])
    labels = {FeeStandard.MEMBER: "Member", FeeStandard.VISITOR: "Visitor", FeeStandard.JUNIOR: "Junior"}
    for standard, amount in rates.items():
        FeeRate.objects.update_or_create(
            schedule=schedule, standard=standard, defaults={"amount": amount, "name": labels[standard]}
        )
    if FeeStandard.JUNIOR not in rates:
        FeeRate.objects.filter(schedule=schedule, standard=FeeStandard.JUNIOR).delete()
    return schedule


@write()
def rate_add(*, schedule: FeeSchedule, name: str, amount: object) -> FeeRate:
    """Add (or change) a rate of the club's own to a schedule ("Student", "Beginner")."""
    name = _name(name, "name")[:60]
    value: Decimal = check_fee(amount)
    if name.casefold() in {"member", "visitor", "junior"}:
        raise ValidationError({"name": _("%(name)s is one of the schedule's own rates.") % {"name": name}})
    rate, _created = FeeRate.objects.update_or_create(
        schedule=schedule, name=name, defaults={"amount": value, "standard": FeeStandard.OTHER}
    )
    return rate


@write()
def session_schedule_set(*, session: Session, schedule: FeeSchedule) -> None:
    """Have the session's fees follow ``schedule`` (one of its club's)."""
    if schedule.club_id != session.club_id:
        raise ValidationError({"schedule": _("That schedule is another club's.")})
    SessionFees.objects.update_or_create(session=session, defaults={"schedule": schedule})
