"""Grant and remove a club's roles, each recorded (who, when) in ``ClubRoleChange``.

The club's row is locked first, so two administrators removing each other at once
cannot leave the club with none: the second sees the first's removal and is refused.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club, ClubRole, ClubRoleChange, Role
from tournaments.core.services.writes import locked_row, write


@write()
def role_grant(*, club: Club, user: User, role: Role, by: User | None) -> ClubRole:
    """Give ``user`` the ``role`` at ``club``; refuse a role he holds there already."""
    club = locked_row(club)
    if ClubRole.objects.filter(club=club, user=user, role=role).exists():
        raise ValidationError(
            {
                "role": _("%(user)s is already %(role)s here.")
                % {"user": user.get_username(), "role": role.label}
            }
        )
    granted = ClubRole.objects.create(club=club, user=user, role=role, granted_by=by)
    ClubRoleChange.objects.create(club=club, user=user, role=role, granted=True, by=by)
    return granted


@write()
def role_remove(*, held: ClubRole, by: User | None) -> None:
    """Take a role away; refuse to take the club's last administrator's."""
    club = locked_row(held.club)
    administrators = ClubRole.objects.filter(club=club, role=Role.ADMINISTRATOR)
    if held.role == Role.ADMINISTRATOR and administrators.count() == 1:
        raise ValidationError(
            {
                "role": _("%(user)s is the club's last administrator: make someone else administrator first.")
                % {"user": held.user.get_username()}
            }
        )
    ClubRoleChange.objects.create(club=club, user=held.user, role=held.role, granted=False, by=by)
    held.delete()
