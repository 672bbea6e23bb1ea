"""The core's tables: clubs, their players, their volunteers' roles, and clubs' API tokens."""

from tournaments.core.models.api_tokens import ApiToken, ApiWriteCount, ApiWriteKey
from tournaments.core.models.clubs import Club, Player
from tournaments.core.models.roles import ClubRole, ClubRoleChange, Role

__all__ = ["ApiToken", "ApiWriteCount", "ApiWriteKey", "Club", "ClubRole", "ClubRoleChange", "Player", "Role"]
