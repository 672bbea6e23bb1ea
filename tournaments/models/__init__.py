"""The club database, one module per subject; every public name is re-exported here.

Invariants live as database constraints in each model's ``Meta`` (one result per board
for a pair, no pair against itself, tricks 0..13, unique board and pair numbers in a
session) and again in the services' and forms' messages. The modules import one way
only, down this list, and none imports anything of the project but ``tournaments.bridge``:

    clubs        Club, Player
    api_tokens   ApiToken, ApiWriteCount
    sessions     Session, Pair and their choices (movement, scoring, state, direction)
    boards       Board, Result, Adjustment and the assigned score's validator
    standings    Standing
    audit        ResultChange, SessionDeletion, AuditAction, SessionChange, SessionAction
    players      PlayerMerge
    table_entry  TableAccess, TableSubmission, DirectorCall
    imports      PendingImport
    teams        TeamsEvent, Team, TeamMember, TeamsRound, TeamMatch and their choices,
                 TeamMatchPenalty, TeamsEventChange (finished, reopened)
    competitions Competition and its method
    ratings      PlayerRating, RatingSnapshot
    members      ClubMember

Migrations name ``tournaments.models.validate_assigned_parts``: keep it exported here.
"""

from tournaments.core.models.api_tokens import ApiToken, ApiWriteCount
from tournaments.core.models.clubs import Club, Player
from tournaments.exchange.models import PendingImport
from tournaments.night.models.audit import (
    AuditAction,
    ResultChange,
    SessionAction,
    SessionChange,
    SessionDeletion,
)
from tournaments.night.models.boards import (
    ASSIGNED_MAX_PARTS,
    Adjustment,
    Board,
    Result,
    validate_assigned_parts,
)
from tournaments.night.models.sessions import (
    MAX_PAIR_NUMBER,
    MAX_STORED_PAIR_NUMBER,
    Direction,
    EvenTables,
    Movement,
    Pair,
    ScoringMethod,
    Session,
    SessionState,
)
from tournaments.night.models.standings import Standing
from tournaments.night.models.table_entry import DirectorCall, TableAccess, TableSubmission
from tournaments.season.models.competitions import Competition, CompetitionMethod
from tournaments.season.models.members import ClubMember
from tournaments.season.models.players import PlayerMerge
from tournaments.season.models.ratings import PlayerRating, RatingSnapshot
from tournaments.teams.models import (
    TEAM_MAX_PLAYERS,
    TEAM_MIN_PLAYERS,
    Team,
    TeamMatch,
    TeamMatchPenalty,
    TeamMember,
    TeamsEvent,
    TeamsEventAction,
    TeamsEventChange,
    TeamsForm,
    TeamsRound,
    TeamsScoring,
    TieBreak,
)

__all__ = [
    "ASSIGNED_MAX_PARTS",
    "MAX_PAIR_NUMBER",
    "MAX_STORED_PAIR_NUMBER",
    "TEAM_MAX_PLAYERS",
    "TEAM_MIN_PLAYERS",
    "Adjustment",
    "ApiToken",
    "ApiWriteCount",
    "AuditAction",
    "Board",
    "Club",
    "ClubMember",
    "Competition",
    "CompetitionMethod",
    "DirectorCall",
    "Direction",
    "EvenTables",
    "Movement",
    "Pair",
    "PendingImport",
    "Player",
    "PlayerMerge",
    "PlayerRating",
    "RatingSnapshot",
    "Result",
    "ResultChange",
    "ScoringMethod",
    "Session",
    "SessionAction",
    "SessionChange",
    "SessionDeletion",
    "SessionState",
    "Standing",
    "TableAccess",
    "TableSubmission",
    "Team",
    "TeamMatch",
    "TeamMatchPenalty",
    "TeamMember",
    "TeamsEvent",
    "TeamsEventAction",
    "TeamsEventChange",
    "TeamsForm",
    "TeamsRound",
    "TeamsScoring",
    "TieBreak",
    "validate_assigned_parts",
]
