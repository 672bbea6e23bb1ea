"""A member's state from the dates: plain Python, so the rule is read and tested in one place.

Current up to and including his paid-until day; Due for the grace days after it; Lapsed
from the day after the grace. Resigned and Deceased are set by hand and win over the
dates. Paid until 31 March with 31 days' grace: Due on 15 April (and on 1 May, the
31st day), Lapsed on 2 May.
"""

from __future__ import annotations

import enum
from datetime import date, timedelta


class MemberState(enum.StrEnum):
    CURRENT = "current"
    DUE = "due"
    LAPSED = "lapsed"
    RESIGNED = "resigned"
    DECEASED = "deceased"


# The states whose member pays a member's fee (a lapsed one pays a visitor's).
PAYS_AS_MEMBER = frozenset({MemberState.CURRENT, MemberState.DUE})


def membership_state(
    *, paid_until: date | None, grace_days: int, today: date, ending: str = ""
) -> MemberState:
    """The member's state on ``today``; a member never paid up (no date) is Lapsed."""
    if ending:
        return MemberState(ending)
    if paid_until is None:
        return MemberState.LAPSED
    if today <= paid_until:
        return MemberState.CURRENT
    if today <= paid_until + timedelta(days=grace_days):
        return MemberState.DUE
    return MemberState.LAPSED


def membership_year(*, start_month: int, start_day: int, today: date) -> tuple[date, date]:
    """The first and last day of the membership year holding ``today``, for a year starting on that day."""
    start = date(today.year, start_month, start_day)
    if today < start:
        start = date(today.year - 1, start_month, start_day)
    end = date(start.year + 1, start_month, start_day) - timedelta(days=1)
    return start, end
