"""Who directs which club: a user listed among a club's directors, or a superuser.

Every capability's director pages ask here; a page of a club the user does not direct is
refused (403), never shown.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournaments.core.models import Club

# The club ``manage.py load_demo`` makes; the login page mentions the demo only when it exists.
DEMO_CLUB_SLUG = "demo"


def demo_club_exists() -> bool:
    return Club.objects.filter(slug=DEMO_CLUB_SLUG).exists()


def clubs_directed(user: User) -> QuerySet[Club]:
    """Return the clubs this user may run (every club for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(directors=user)


def user_directs(user: User, club_id: int) -> bool:
    return user.is_superuser or clubs_directed(user).filter(pk=club_id).exists()


def club_for_director(user: User, slug: str) -> Club:
    """Return the club if this user directs it; 404 when absent, 403 when not theirs."""
    club = get_object_or_404(Club, slug=slug)
    if not user_directs(user, club.pk):
        raise PermissionDenied("You do not direct this club.")
    return club
