"""A night with fees: a club's usual schedule (member 5.00, visitor 8.00, junior 2.50), the
``mitchell_session`` fixture's twelve players, play started."""

from __future__ import annotations

import pytest

from tournaments.money.services.fees import schedule_save


@pytest.fixture
def fees(club):
    return schedule_save(
        club=club, name="Club night", default=True, member="5.00", visitor="8.00", junior="2.50"
    )


@pytest.fixture
def night(fees, mitchell_session):
    return mitchell_session
