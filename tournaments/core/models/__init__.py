"""The core's tables: clubs and the players who sit at their tables."""

from tournaments.core.models.clubs import Club, Player

__all__ = ["Club", "Player"]
