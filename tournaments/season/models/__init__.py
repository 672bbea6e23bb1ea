"""The season's tables: merges, memberships, competitions, ratings."""

from tournaments.season.models.competitions import Competition, CompetitionMethod
from tournaments.season.models.events import PAIRS_MOVEMENTS, Event, EventMethod, EventSession
from tournaments.season.models.members import ClubMember
from tournaments.season.models.players import PlayerMerge
from tournaments.season.models.ratings import (
    PlayerRating,
    RatedSession,
    RatingDue,
    RatingSnapshot,
    RatingState,
)

__all__ = [
    "PAIRS_MOVEMENTS",
    "ClubMember",
    "Competition",
    "CompetitionMethod",
    "Event",
    "EventMethod",
    "EventSession",
    "PlayerMerge",
    "PlayerRating",
    "RatedSession",
    "RatingDue",
    "RatingSnapshot",
    "RatingState",
]
