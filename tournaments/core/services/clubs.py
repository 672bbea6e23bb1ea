"""Create a club, so that a new install can import score files without opening the admin.

The slug is the name slugified (accents dropped: ``Café`` gives ``cafe``) unless one is
given; a name or slug already used is refused by name, before the database's unique
constraints would refuse it less clearly.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.text import slugify

from tournaments.core.models import Club
from tournaments.core.services.writes import write


@write()
def club_create(*, name: str, slug: str = "", directors: Iterable[User] = ()) -> Club:
    """Store a new club with the given directors; refuse a name or slug already used."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": "Give the club a name."})
    slug = slug or slugify(name)
    if not slug:
        raise ValidationError({"slug": f"Cannot make a slug of {name!r}: give one with letters or digits."})
    if Club.objects.filter(name__iexact=name).exists():
        raise ValidationError({"name": f"A club named {name!r} already exists."})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": f"The slug {slug!r} is already used by another club."})
    club = Club(name=name, slug=slug)
    club.full_clean()
    club.save()
    club.directors.add(*directors)
    return club
