"""A finished session takes no new pairs or boards, and a director can reopen it (issue 24, point 12)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.exchange.selectors.hand_records import session_pbn_text
from tournaments.exchange.services.pbn import pbn_import
from tournaments.night.models import SessionAction, SessionChange, SessionState
from tournaments.night.services.boards import boards_deal, boards_ensure
from tournaments.night.services.movement import movement_boards_ensure, session_finish, session_reopen
from tournaments.night.services.sessions import pair_add


@pytest.fixture
def finished(club):
    session = seated_mitchell(club, tables=3, start=True)
    return session_finish(session=session)


@pytest.mark.parametrize(
    ("write", "message"),
    [
        (
            lambda s: pair_add(session=s, player_names=("Late", "Comer"), direction="NS"),
            "before seating pairs",
        ),
        (lambda s: boards_deal(session=s, count=2), "before dealing"),
        (lambda s: boards_ensure(session=s, count=9), "before creating boards"),
        (lambda s: movement_boards_ensure(session=s), "before creating boards"),
    ],
)
def test_the_services_refuse_to_seat_deal_or_create_boards_in_a_finished_session(finished, write, message):
    """Issue 24, point 12: a finished session's pairs and boards stay as published."""
    with pytest.raises(ValidationError, match=f"The session is finished: reopen it {message}."):
        write(finished)
    assert finished.pairs.count() == 6 and finished.boards.count() == 6
    assert not finished.boards.exclude(north="").exists()


def test_a_pbn_file_does_not_deal_a_finished_session(club, finished):
    """Issue 24, point 12: dealing from a PBN file is dealing too."""
    donor = seated_mitchell(club, name="Donor", tables=3)
    boards_deal(session=donor, count=2)

    with pytest.raises(ValidationError, match="reopen it before dealing"):
        pbn_import(session=finished, data=session_pbn_text(donor).encode())


def test_the_session_page_of_a_finished_session_offers_no_dealing_boards_or_pairs(director_client, finished):
    """Issue 24, point 12: the page does not offer what the services refuse."""
    page = director_client.get(reverse("director:session", args=[finished.pk])).content.decode()

    for url in ("deal", "board_count", "movement_boards", "pair_add"):
        assert f'action="{reverse(f"director:{url}", args=[finished.pk])}"' not in page
    for url in ("director:pairs_many", "director:exchange:pbn_upload"):
        assert f'href="{reverse(url, args=[finished.pk])}"' not in page
    assert reverse("director:state_confirm", args=[finished.pk, "reopen"]) in page


def test_a_session_finished_by_mistake_is_reopened_and_the_audit_log_says_who(
    director_client, director, finished
):
    """Issue 24, point 12: reopen, audited with who and when."""
    url = reverse("director:state", args=[finished.pk])

    response = director_client.post(url, {"action": "reopen", "confirm": "yes"})

    assert response.status_code == 302
    finished.refresh_from_db()
    assert finished.state == SessionState.PLAY
    change = SessionChange.objects.get(session=finished)
    assert (change.action, change.user, change.before, change.after) == (
        SessionAction.REOPEN,
        director,
        "Finished",
        "In play",
    )
    assert change.at is not None
    audit = director_client.get(reverse("director:audit", args=[finished.pk])).content.decode()
    assert "Reopened" in audit and "director" in audit
    assert len(boards_ensure(session=finished, count=7)) == 7  # no longer refused


def test_only_a_finished_session_is_reopened(club):
    """Issue 24, point 12: reopening is for a finished session."""
    session = seated_mitchell(club, tables=3, start=True)

    with pytest.raises(ValidationError, match="Only a finished session can be reopened; it is in play."):
        session_reopen(session=session)
    assert not SessionChange.objects.exists()
