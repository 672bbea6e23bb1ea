"""Every model of the app, re-exported for Django, which loads ``tournaments.models``.

Each capability keeps its own tables (``tournaments.<capability>.models``) and its code
imports them from there, never from here (tests/test_architecture.py); this hub exists so
that the one app label ``tournaments`` finds them all and no migration moved:

    core      Club, Player, ApiToken, ApiWriteCount, ApiWriteKey, ClubRole, ClubRoleChange
    night     Session, Pair, Board, Result, Standing, the audit (ResultChange,
              SessionChange, SessionDeletion), the tables' links (TableAccess,
              TableSubmission, DirectorCall)
    teams     TeamsEvent, Team, TeamMember, TeamsRound, TeamMatch, TeamMatchPenalty,
              TeamsEventChange
    season    PlayerMerge, ClubMember, Competition, Event, EventSession, PlayerRating,
              RatingSnapshot, RatedSession, RatingDue, RatingState
    mail      ResultMail, MailOptOut
    members   MemberAccount, SignInRequest
    money     ClubBooks, Account, Posting, PostingLine (the books), MembershipType,
              Membership, FeeSchedule, FeeRate, SessionFees, TableFee, DeskExtra
    bookings  PlannedSession, ClosedDate, ProgrammeDate, BookingRules, Booking, PartnerAsk
    federation MasterPointAward (the master points ledger)
    exchange  PendingImport, BridgemateFeed
    analysis  LeadSolve, EveningTally, AnalysisSharing

Invariants live as database constraints in each model's ``Meta`` and again in the
services' and forms' messages. Migrations name ``tournaments.models.validate_assigned_parts``:
keep it exported here.
"""

from tournaments.analysis.models import AnalysisSharing, EveningTally, LeadSolve
from tournaments.bookings.models import (
    Booking,
    BookingRules,
    ClosedDate,
    Entry,
    EntryEvent,
    EntryPayment,
    EntryPlayer,
    PartnerAsk,
    PlannedSession,
    ProgrammeDate,
)
from tournaments.core.models.api_tokens import ApiToken, ApiWriteCount, ApiWriteKey
from tournaments.core.models.clubs import Club, Player
from tournaments.core.models.roles import ClubRole, ClubRoleChange
from tournaments.exchange.models import BridgemateFeed, PendingImport
from tournaments.federation.models import MasterPointAward, PlayerHandicap
from tournaments.mail.models import MailOptOut, MailReason, MailStatus, ResultMail
from tournaments.members.models import MemberAccount, SignInRequest
from tournaments.money.models import (
    Account,
    AccountKind,
    Cause,
    ChargeKind,
    ClubBooks,
    DeskExtra,
    Ending,
    FeeRate,
    FeeSchedule,
    FeeStandard,
    Membership,
    MembershipType,
    PayMethod,
    Posting,
    PostingLine,
    SessionFees,
    TableFee,
)
from tournaments.money.models.bank import BankEntry, BankImport, StatementNotice, StatementSettings  # noqa: F401
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
    Section,
    SectionScoring,
    Session,
    SessionState,
)
from tournaments.night.models.standings import Standing
from tournaments.night.models.table_entry import DirectorCall, TableAccess, TableSubmission
from tournaments.season.models.competitions import Competition, CompetitionMethod
from tournaments.season.models.events import Event, EventMethod, EventSession
from tournaments.season.models.members import ClubMember
from tournaments.season.models.players import PlayerMerge
from tournaments.season.models.ratings import (
    PlayerRating,
    RatedSession,
    RatingDue,
    RatingSnapshot,
    RatingState,
)
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
    "Entry",
    "EntryEvent",
    "EntryPayment",
    "EntryPlayer",
    "ProgrammeDate",
    "PlannedSession",
    "PartnerAsk",
    "ClosedDate",
    "BookingRules",
    "Booking",
    "Account",
    "AccountKind",
    "Cause",
    "ChargeKind",
    "ClubBooks",
    "DeskExtra",
    "Ending",
    "FeeRate",
    "FeeSchedule",
    "FeeStandard",
    "Membership",
    "MembershipType",
    "PayMethod",
    "Posting",
    "PostingLine",
    "SessionFees",
    "TableFee",
    "AnalysisSharing",
    "EveningTally",
    "LeadSolve",
    "ASSIGNED_MAX_PARTS",
    "MAX_PAIR_NUMBER",
    "MAX_STORED_PAIR_NUMBER",
    "TEAM_MAX_PLAYERS",
    "TEAM_MIN_PLAYERS",
    "Adjustment",
    "ApiToken",
    "ApiWriteCount",
    "ApiWriteKey",
    "BridgemateFeed",
    "AuditAction",
    "Board",
    "Club",
    "ClubRole",
    "ClubRoleChange",
    "ClubMember",
    "Competition",
    "CompetitionMethod",
    "DirectorCall",
    "Event",
    "EventMethod",
    "EventSession",
    "MailOptOut",
    "MailReason",
    "MailStatus",
    "MemberAccount",
    "MasterPointAward",
    "PlayerHandicap",
    "Direction",
    "EvenTables",
    "Movement",
    "Pair",
    "Section",
    "SectionScoring",
    "PendingImport",
    "Player",
    "PlayerMerge",
    "PlayerRating",
    "RatedSession",
    "RatingDue",
    "RatingSnapshot",
    "RatingState",
    "Result",
    "ResultChange",
    "ResultMail",
    "ScoringMethod",
    "Session",
    "SessionAction",
    "SessionChange",
    "SessionDeletion",
    "SessionState",
    "SignInRequest",
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
