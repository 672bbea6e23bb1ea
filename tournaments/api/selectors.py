"""Reads of a club's API tokens for the director's page and the command (never the secrets)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.api.models import ApiToken
from tournaments.core.models import Club
from tournaments.night.selectors.director import user_directs


def club_for_director(user: AbstractBaseUser, slug: str) -> Club:
    """Return the club if this user directs it; 404 when absent, 403 when not theirs."""
    club = get_object_or_404(Club, slug=slug)
    if not user_directs(user, club.pk):
        raise PermissionDenied("You do not direct this club.")
    return club


def club_api_tokens(club: Club) -> list[ApiToken]:
    """Every token of the club, newest first, revoked ones too (the page says when)."""
    return list(
        ApiToken.objects.filter(club=club).select_related("created_by").order_by("-created_at", "-id")
    )
