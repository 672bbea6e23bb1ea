"""Reads of a club's API tokens for the director's page and the command (never the secrets)."""

from __future__ import annotations

from tournaments.core.models import ApiToken, Club


def club_api_tokens(club: Club) -> list[ApiToken]:
    """Every token of the club, newest first, revoked ones too (the page says when)."""
    return list(
        ApiToken.objects.filter(club=club).select_related("created_by").order_by("-created_at", "-id")
    )
