"""The core's tables: clubs, the players who sit at their tables, and clubs' API tokens."""

from tournaments.core.models.api_tokens import ApiToken, ApiWriteCount, ApiWriteKey
from tournaments.core.models.clubs import Club, Player

__all__ = ["ApiToken", "ApiWriteCount", "ApiWriteKey", "Club", "Player"]
