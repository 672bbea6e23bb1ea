"""Who may do what at which club: the roles a user holds there, against the route's needs.

Every capability's director pages ask here; the roles the current route needs come from
the one table (``core/route_roles.py``), so a page of a club where the user holds none of
them is refused (403), never shown. A superuser holds every role at every club.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.core.models import Club, ClubRole, ClubRoleChange, Role
from tournaments.core.route_roles import roles_needed

# The club ``manage.py load_demo`` makes; the login page mentions the demo only when it exists.
DEMO_CLUB_SLUG = "demo"


def demo_club_exists() -> bool:
    return Club.objects.filter(slug=DEMO_CLUB_SLUG).exists()


def clubs_directed(user: User) -> QuerySet[Club]:
    """Return the clubs where this user holds a role the current route needs (all for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    held = ClubRole.objects.filter(user_id=user.pk, role__in=roles_needed()).values("club_id")
    return Club.objects.filter(pk__in=held)


def user_directs(user: User, club_id: int) -> bool:
    return user.is_superuser or clubs_directed(user).filter(pk=club_id).exists()


def roles_held(user: User, club_id: int) -> frozenset[Role]:
    """Return the roles this user holds at the club, now (every role for a superuser)."""
    if user.is_superuser:
        return frozenset(Role)
    rows = ClubRole.objects.filter(user_id=user.pk, club_id=club_id).values_list("role", flat=True)
    return frozenset(Role(role) for role in rows)


def roles_held_anywhere(user: User) -> frozenset[Role]:
    """Return every role this user holds at any club (every role for a superuser)."""
    if user.is_superuser:
        return frozenset(Role)
    rows = ClubRole.objects.filter(user_id=user.pk).values_list("role", flat=True).distinct()
    return frozenset(Role(role) for role in rows)


def roles_refusal() -> str:
    """Say which roles the refused route needs, in the reader's language."""
    needed = roles_needed()
    names = ", ".join(sorted(str(role.label) for role in needed))
    return _("Your roles at this club do not open this page; it needs one of: %(roles)s.") % {"roles": names}


def club_for_director(user: User, slug: str) -> Club:
    """Return the club if this user holds a role the route needs there; 404 when absent, else 403."""
    club = get_object_or_404(Club, slug=slug)
    if not user_directs(user, club.pk):
        raise PermissionDenied(roles_refusal())
    return club


def club_roles(club: Club) -> list[ClubRole]:
    """Return who holds which role at the club, by user name then role."""
    return list(
        ClubRole.objects.filter(club=club)
        .select_related("user", "granted_by")
        .order_by("user__username", "role")
    )


def club_role_changes(club: Club, limit: int = 50) -> list[ClubRoleChange]:
    """Return the club's latest grants and removals, newest first."""
    return list(ClubRoleChange.objects.filter(club=club).select_related("user", "by")[:limit])
