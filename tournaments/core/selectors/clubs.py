"""Reads of the clubs for the shared public pages: the list of clubs, and one club."""

from __future__ import annotations

from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.core.models import Club


def clubs_list() -> QuerySet[Club]:
    """Every club by name, with how many sessions it has held (counted by the relation's name)."""
    return Club.objects.annotate(session_count=Count("sessions")).order_by("name")


def club_get(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)
