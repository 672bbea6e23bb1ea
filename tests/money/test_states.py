"""A member's state from the dates, pinned to issue 49's worked example."""

from __future__ import annotations

from datetime import date

import pytest

from tournaments.money.states import MemberState, membership_state, membership_year

MARCH_31 = date(2026, 3, 31)


@pytest.mark.parametrize(
    ("today", "state"),
    [
        (date(2026, 3, 31), MemberState.CURRENT),  # his last paid day
        (date(2026, 4, 1), MemberState.DUE),
        (date(2026, 4, 15), MemberState.DUE),  # the example
        (date(2026, 5, 1), MemberState.DUE),  # the 31st day of grace
        (date(2026, 5, 2), MemberState.LAPSED),  # the example
    ],
    ids=["last-paid-day", "first-day-of-grace", "15-april", "last-day-of-grace", "2-may"],
)
def test_paid_until_31_march_with_31_days_grace(today, state):
    assert membership_state(paid_until=MARCH_31, grace_days=31, today=today) == state


@pytest.mark.parametrize("ending", ["resigned", "deceased"])
def test_an_ending_set_by_hand_wins_over_the_dates(ending):
    assert (
        membership_state(paid_until=date(2099, 1, 1), grace_days=31, today=MARCH_31, ending=ending) == ending
    )


def test_a_member_who_never_paid_is_lapsed():
    assert membership_state(paid_until=None, grace_days=31, today=MARCH_31) == MemberState.LAPSED


@pytest.mark.parametrize(
    ("today", "year"),
    [
        (date(2026, 3, 31), (date(2025, 4, 1), date(2026, 3, 31))),
        (date(2026, 4, 1), (date(2026, 4, 1), date(2027, 3, 31))),
    ],
    ids=["before-the-start", "on-the-start"],
)
def test_the_membership_year_holding_a_day(today, year):
    assert membership_year(start_month=4, start_day=1, today=today) == year
