"""A Friday night at Riverside with its members on the list: Ann North and Gus East have emails."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.conftest import mitchell_3nt
from tournaments.bridge.season.members import MemberLine
from tournaments.night.models import Session
from tournaments.night.services.results import result_record
from tournaments.season.services.members import members_import

SITE = "https://scores.riverside.example"


@pytest.fixture
def email_on(settings):
    """Email configured as production does (EMAIL_URL); Django's test outbox receives it."""
    settings.EMAIL_URL = "memory://"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = SITE
    mail.outbox = []


def play(session: Session) -> None:
    """Boards 1-3 played at tables 1 and 2 (NS 1 v EW 1 and NS 2 v EW 2); 3NT made or down."""
    for number in (1, 2, 3):
        board = session.boards.get(number=number)
        result_record(board=board, entry=mitchell_3nt(session, 1, 1, "10" if number != 2 else "8"))
        result_record(board=board, entry=mitchell_3nt(session, 2, 2, "9"))


@pytest.fixture
def night(club, mitchell_session) -> Session:
    """Played, not yet finished; Ann North (NS 1) and Gus East (EW 1) on the list with emails, Bob without."""
    play(mitchell_session)
    members_import(
        club=club,
        lines=[
            MemberLine(1, "Ann North", "", "ann@example.org"),
            MemberLine(2, "Bob North", "", ""),
            MemberLine(3, "Gus East", "", "gus@example.org"),
        ],
    )
    return mitchell_session
