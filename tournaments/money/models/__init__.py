"""The money's tables, one module per subject (the bank's statements in their own)."""

from tournaments.money.models.fees import (
    ChargeKind,
    DeskExtra,
    FeeRate,
    FeeSchedule,
    FeeStandard,
    PayMethod,
    SessionFees,
    TableFee,
)
from tournaments.money.models.ledger import (
    Account,
    AccountKind,
    Cause,
    ClubBooks,
    LedgerChangeRefused,
    Posting,
    PostingLine,
)
from tournaments.money.models.memberships import Ending, Membership, MembershipType

__all__ = [
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
    "LedgerChangeRefused",
    "Membership",
    "MembershipType",
    "PayMethod",
    "Posting",
    "PostingLine",
    "SessionFees",
    "TableFee",
]
