"""What the API adds to the director's home: each club's API tokens, for programs that send results."""

from __future__ import annotations

from django.urls import reverse

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link


def director_club_links(club: Club) -> list[Link]:
    return [Link("API tokens", reverse("director:api_tokens", args=[club.slug]), order=90)]


def ready() -> None:
    sections.director_club_links.register(director_club_links)
