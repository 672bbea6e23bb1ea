"""The demo: a director can log in and find a finished session, however often it is loaded."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from tests.module_world import rolled_back_at_the_end
from tournaments.core.models import Club
from tournaments.federation.models import MasterPointAward
from tournaments.night.models import Result, ResultChange, Session, Standing


def _load(*args: str) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def _counts() -> tuple[int, ...]:
    return (
        Club.objects.count(),
        Session.objects.count(),
        Result.objects.count(),
        ResultChange.objects.count(),
    )


@pytest.fixture(scope="module")
def loaded(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The demo loaded once for the module's tests that read it (its output), in a transaction
    rolled back at the module's end; each test runs in a savepoint of its own (``django_db``),
    so a test that loads it again leaves the next the first load. A load is some 5 s of CPU."""
    with rolled_back_at_the_end(django_db_blocker):
        yield _load()


@pytest.mark.django_db
def test_the_demo_is_loaded_once_with_a_finished_session_and_prints_the_login(loaded):
    output = loaded
    _check_finished_session()
    assert "http://127.0.0.1:8000/accounts/login/" in output
    assert "username: director" in output and "password: clubscore-demo" in output
    first = _counts()

    output = _load("--password", "another-pass-123")
    assert _counts() == first
    assert "password: another-pass-123" in output
    # The login page's path (axes needs the request), as a director logging in would.
    login = RequestFactory().post("/accounts/login/")
    assert authenticate(login, username="director", password="another-pass-123") is not None

    club = Club.objects.get(slug="demo")
    assert club.directors.filter(username="director").exists()
    assert club.sessions.exclude(movement="teams").count() == 2  # and the teams event's three rounds
    finished = club.sessions.get(name__contains="Tuesday")
    upcoming = club.sessions.get(name__contains="Friday")
    # Ready to play from the phones: movement, pairs seated, boards dealt, not started.
    assert (upcoming.state, upcoming.movement_tables, upcoming.boards_per_round) == ("preparation", 5, 2)
    assert upcoming.pairs.count() == 10
    assert upcoming.boards.exclude(north="").count() == upcoming.movement_rounds * 2
    assert finished.pairs.filter(direction="NS").count() == finished.pairs.filter(direction="EW").count() == 5
    # An ABF club: its finished night's winners (0.03 a table, 5 tables) and its teams hold green points.
    awards = MasterPointAward.objects.filter(club=club)
    assert club.federation == "abf" and awards.filter(session=finished, place=1).count() == 4
    assert set(awards.filter(session=finished, place=1, tied=False).values_list("points", flat=True)) <= {
        Decimal("0.15")
    }
    assert awards.filter(teams_event__isnull=False).exists()


def _check_finished_session() -> None:
    """A complete Mitchell: 5 NS and 5 EW pairs, 10 dealt boards, every pair on every board once."""
    session = Session.objects.get(name__contains="Tuesday")
    results = list(
        Result.objects.filter(board__session=session).select_related("board", "ns_pair", "ew_pair")
    )
    assert session.boards.exclude(north="").count() == 10
    assert len(results) == 50
    # Every NS pair plays every board once, every EW pair too, and each NS meets each EW.
    assert len({(r.ns_pair_id, r.board_id) for r in results}) == 50
    assert len({(r.ew_pair_id, r.board_id) for r in results}) == 50
    assert len({(r.ns_pair_id, r.ew_pair_id) for r in results}) == 25
    assert all(r.entered_by is not None and r.ns_matchpoints is not None for r in results)
    standings = Standing.objects.filter(session=session)
    assert standings.count() == 10
    assert len({round(s.percentage, 2) for s in standings}) > 2  # the noise makes the field spread
    for result in results:
        if result.contract != "PASS":
            strain = result.contract.rstrip("X")[1:]
            assert abs(result.tricks - result.board.dd_tricks[result.declarer][strain]) <= 1


@pytest.mark.django_db
def test_the_demo_holds_a_played_swiss_teams_event_whose_matches_agree_with_their_boards(loaded):
    from tournaments.bridge.teams.scoring import victory_points
    from tournaments.teams.models import TeamMatch, TeamsEvent
    from tournaments.teams.selectors.events import teams_event_ranking
    from tournaments.teams.selectors.scorecard import match_scorecard

    event = TeamsEvent.objects.get(name="Monday Swiss Teams (demo)")
    assert event.state == "finished" and event.teams.count() == 8
    assert event.rounds_drawn.filter(published=True).count() == 3
    met = set()
    matches = TeamMatch.objects.filter(round__event=event).select_related("round__event", "round__session")
    for match in matches:
        pair = frozenset((match.home_id, match.away_id))
        assert pair not in met  # no rematch in three rounds of eight teams
        met.add(pair)
        card = match_scorecard(match)
        assert card.figures.totals.boards_complete == 4
        margin = card.figures.totals.home_imps - card.figures.totals.away_imps
        assert (match.home_vp, match.away_vp) == victory_points(margin, 4)
    assert round(sum(row.vp for row in teams_event_ranking(event)), 2) == 3 * 4 * 20
    # Loaded again, it adds nothing: the first test checks it, teams event included (_counts).


@pytest.mark.django_db
def test_the_readme_describes_the_upcoming_demo_session_as_the_demo_makes_it(loaded):
    """Issue 45, item 8: the README promised "an empty upcoming" session that was seated and dealt."""
    from pathlib import Path

    from tournaments.management.commands.load_demo import UPCOMING_NAME
    from tournaments.night.models import SessionState

    upcoming = Session.objects.get(club__slug="demo", name=UPCOMING_NAME)
    assert upcoming.state == SessionState.PREPARATION
    assert upcoming.pairs.exists() and upcoming.boards.exclude(north="").exists()
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert "an empty upcoming one" not in readme
    assert "an upcoming one already seated and dealt, ready to start play" in readme
