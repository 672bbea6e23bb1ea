"""Reads about players as people: the entries that look like one member entered twice."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.bridge.duplicates import Likeness, likely_duplicates
from tournaments.models import Player


@dataclass(frozen=True)
class DuplicateSuggestion:
    """Two players the director may want to merge, and why they look like one member."""

    first: Player
    second: Player
    likeness: Likeness


def player_duplicates() -> list[DuplicateSuggestion]:
    """Return every pair of players that looks like one member, oldest entry first (one query)."""
    players = {player.pk: player for player in Player.objects.order_by("pk")}
    entries = ((pk, player.name, player.federation_number) for pk, player in players.items())
    return [
        DuplicateSuggestion(players[found.first], players[found.second], found.likeness)
        for found in likely_duplicates(entries)
    ]
