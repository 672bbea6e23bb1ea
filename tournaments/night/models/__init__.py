"""A night's tables: sessions and pairs, boards and results, standings, the audit, the tables' links."""

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
    SECTION_NUMBERING,
    Direction,
    EvenTables,
    IndividualPlayer,
    Movement,
    Pair,
    ScoringMethod,
    Section,
    SectionScoring,
    Session,
    SessionState,
    StrataBasis,
    section_pair_number,
)
from tournaments.night.models.standings import Standing
from tournaments.night.models.table_entry import DirectorCall, TableAccess, TableSubmission

__all__ = [
    "ASSIGNED_MAX_PARTS",
    "Adjustment",
    "AuditAction",
    "Board",
    "Direction",
    "DirectorCall",
    "EvenTables",
    "IndividualPlayer",
    "MAX_PAIR_NUMBER",
    "MAX_STORED_PAIR_NUMBER",
    "Movement",
    "Pair",
    "Result",
    "ResultChange",
    "SECTION_NUMBERING",
    "ScoringMethod",
    "Section",
    "SectionScoring",
    "Session",
    "SessionAction",
    "SessionChange",
    "SessionDeletion",
    "SessionState",
    "Standing",
    "StrataBasis",
    "TableAccess",
    "TableSubmission",
    "section_pair_number",
    "validate_assigned_parts",
]
