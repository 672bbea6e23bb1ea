"""What entries add to the rooms below: a player entered is one of the club's own, and a link home."""

from __future__ import annotations

from django.db.models import OuterRef
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.bookings.models import EntryPlayer
from tournaments.core import sections
from tournaments.core.sections import Link
from tournaments.core.selectors.club_players import Tie, player_ties


def entries_tie_players() -> list[Tie]:
    """A player entered in one of a club's events: a visitor entered is found again by his name
    when the entries become the night's pairs, not made a second time."""
    return [Tie(EntryPlayer.objects.filter(player=OuterRef("pk")), "event__club")]


def entries_director_actions() -> list[Link]:
    return [Link(_("Events taking entries"), reverse("director:entry_events"), css="button", order=45)]


def ready() -> None:
    player_ties.register(entries_tie_players)
    sections.director_actions.register(entries_director_actions)
