"""Create a club, so that a new install can import score files without opening the admin,
and change its settings from the director's page.

The slug is the name slugified (accents dropped: ``Café`` gives ``cafe``) unless one is
given; a name or slug already used is refused by name, before the database's unique
constraints would refuse it less clearly. A federation is one the registry knows
(``bridge.federations``: its scale awards the club's master points), or none.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.bridge.federations import SCALES
from tournaments.core import changes
from tournaments.core.models import Club
from tournaments.core.services.writes import row_write, write


def check_federation(federation: str) -> str:
    """Return the federation's code, lower case; refuse one the registry does not know."""
    code = federation.strip().lower()
    if code and code not in SCALES:
        known = ", ".join(SCALES)
        raise ValidationError(
            {
                "federation": _("Unknown federation %(code)r: name one of %(known)s, or none.")
                % {"code": federation[:20], "known": known}
            }
        )
    return code


@write()
def club_create(*, name: str, slug: str = "", directors: Iterable[User] = (), federation: str = "") -> Club:
    """Store a new club with the given directors and federation; refuse a name or slug already used."""
    federation = check_federation(federation)
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Give the club a name.")})
    slug = slug or slugify(name)
    if not slug:
        raise ValidationError(
            {
                "slug": _("Cannot make a slug of %(name)s: give one with letters or digits.")
                % {"name": f"{name!r}"}
            }
        )
    if Club.objects.filter(name__iexact=name).exists():
        raise ValidationError({"name": _("A club named %(name)s already exists.") % {"name": f"{name!r}"}})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError(
            {"slug": _("The slug %(slug)s is already used by another club.") % {"slug": f"{slug!r}"}}
        )
    club = Club(name=name, slug=slug, federation=federation)
    club.full_clean()
    club.save()
    club.directors.add(*directors)
    return club


def club_settings_set(
    *,
    club: Club,
    federation: str,
    federation_club_number: str = "",
    p2p_charge_rate: Decimal | None = None,
    table_entry_lead: bool | None = None,
    table_standings: bool | None = None,
    language: str | None = None,
    matchpoint_scale: int | None = None,
) -> Club:
    """Change the club's federation (and its number there, the EBU's charge rate) and its tables' options.

    A new federation awards the sessions that finish from now on; the awards already made
    keep the scale that made them (the ledger records it).
    """
    code = check_federation(federation)
    number = federation_club_number.strip()
    if len(number) > 20 or any(not char.isprintable() for char in number):
        raise ValidationError(
            {"federation_club_number": _("The club's number: at most 20 printable characters.")}
        )
    if p2p_charge_rate is not None and (p2p_charge_rate < 0 or p2p_charge_rate >= 10_000):
        raise ValidationError({"p2p_charge_rate": _("The charge rate is a number from 0 to 9999.99.")})
    if language is not None and language not in dict(settings.LANGUAGES):
        raise ValidationError(
            {"language": _("ClubScore does not speak %(language)s.") % {"language": language}}
        )
    with row_write(club) as club:
        club.federation, club.federation_club_number, club.p2p_charge_rate = code, number, p2p_charge_rate
        if language is not None:
            club.language = language
        rescaled = matchpoint_scale is not None and matchpoint_scale != club.matchpoint_scale
        if matchpoint_scale is not None:
            club.matchpoint_scale = matchpoint_scale  # full_clean refuses a scale not offered
        if table_entry_lead is not None:
            club.table_entry_lead = table_entry_lead
        if table_standings is not None:
            club.table_standings = table_standings
        club.full_clean()
        club.save()
        if rescaled:  # every session's pages print its figures on the club's scale
            changes.club_shown_changed(club.pk)
    return club
