"""Two clubs with something of everything, for the tests that check the clubs stay apart.

Club A (the ``club`` fixture, "Riverside") has a night in play with a result and a call for
the director, a teams event with a round drawn and published, a competition, an API token,
and a score file and a USEBIO file waiting for its director to confirm them. Club B
("Hillside") has its own director and an empty session. Every name of club A that a page
could show carries ``MARKER``, so a page that discloses club A's data is caught by looking
for that one word.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.core.models import ApiToken, Club, Player
from tournaments.core.services.api_tokens import api_token_create
from tournaments.exchange.models import PendingImport
from tournaments.night.models import Board, DirectorCall, Movement, Pair, Result, Session, TableAccess
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.movement import movement_boards_ensure, session_create_with_movement
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import session_create
from tournaments.night.services.table_entry import director_call
from tournaments.season.models import Competition, Event
from tournaments.season.models.events import EventMethod
from tournaments.season.services.competitions import competition_save
from tournaments.season.services.events import event_create, event_session_add
from tournaments.teams.models import TeamsEvent

MARKER = "Riverside"
OTHER_PASSWORD = "hillside-director-pw"


@dataclass(frozen=True)
class ClubA:
    """Club A's objects, the routes' arguments are built from."""

    club: Club
    session: Session
    pair: Pair
    board: Board
    result: Result
    call: DirectorCall
    event: TeamsEvent
    match_table: int
    competition: Competition
    player: Player
    other_player: Player
    token: ApiToken
    pending_import: PendingImport
    pending_usebio: PendingImport
    pending_bws: PendingImport
    pairs_event: Event
    individual: Session


@dataclass(frozen=True)
class ClubB:
    """Club B, its director, and a session of its own (for arguments that mix the two clubs)."""

    club: Club
    director: AbstractBaseUser
    session: Session


def club_a_world(club: Club, director: AbstractBaseUser) -> ClubA:
    """Fill club A (the ``club`` fixture, renamed so its every name carries ``MARKER``)."""
    club.name = f"{MARKER} Bridge Club"
    club.save()
    session = seated_mitchell(club, name=f"{MARKER} Monday", start=True)
    result = result_record(
        board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1), user=director
    )
    event = _teams_event(club)
    match = event.rounds_drawn.get(number=1).matches.exclude(away=None).order_by("table").first()
    return ClubA(
        club=club,
        session=session,
        pair=result.ns_pair,
        board=result.board,
        result=result,
        call=director_call(access=TableAccess.objects.get(session=session, table=1)),
        event=event,
        match_table=match.table,
        competition=competition_save(
            club=club,
            name=f"{MARKER} ladder",
            method="percentages",
            best_of=None,
            minimum_sessions=1,
            sessions=[session],
        ),
        player=result.ns_pair.player1,
        other_player=result.ns_pair.player2,
        token=api_token_create(club=club, name=f"{MARKER} scorer", user=director).token,
        pending_import=_pending(director, club, f"{MARKER} import", b"a score file"),
        pending_usebio=_pending(director, club, f"{MARKER} usebio", b"<USEBIO/>", usebio=True),
        pending_bws=_pending(director, club, f"{MARKER} bws", b"a Bridgemate file", bws=True),
        pairs_event=_pairs_event(club, session),
        individual=_individual(club),
    )


def club_b_world(django_user_model) -> ClubB:
    director = django_user_model.objects.create_user(username="hillside-director", password=OTHER_PASSWORD)
    club = Club.objects.create(name="Hillside Bridge Club", slug="hillside")
    club.directors.add(director)
    session = session_create(
        club=club, date=datetime.date(2026, 11, 24), name="Hillside Tuesday", movement=Movement.MITCHELL
    )
    return ClubB(club=club, director=director, session=session)


def _pairs_event(club: Club, session: Session) -> Event:
    """A pairs event over several sessions, holding club A's session."""
    event = event_create(club=club, name=f"{MARKER} championship", method=EventMethod.TOTAL_MATCHPOINTS)
    event_session_add(event=event, session=session)
    return event


def _individual(club: Club) -> Session:
    """An individual night, its twelve players seated (its pages refuse a pairs session)."""
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 12, 24),
        name=f"{MARKER} individual",
        movement=Movement.INDIVIDUAL,
        tables=3,
        boards_per_round=1,
        rounds=2,
    )
    individual_players_seat(session=session, names=[f"{MARKER} player {n}" for n in range(1, 13)])
    movement_boards_ensure(session=session)
    return session


def _teams_event(club: Club) -> TeamsEvent:
    event = teams_event_build(
        club,
        name=f"{MARKER} Swiss",
        date=datetime.date(2026, 11, 25),
        rounds=2,
        team=f"{MARKER} team {{team}}",
        player=f"{MARKER} player {{team}}{{seat}}",
    )
    swiss_round_published(event)
    return event


def _pending(
    director: AbstractBaseUser, club: Club, name: str, data: bytes, *, usebio: bool = False, bws: bool = False
) -> PendingImport:
    """A file previewed by club A's director, waiting for the confirmation (as the views keep it)."""
    kind = (
        PendingImport.Kind.USEBIO if usebio else PendingImport.Kind.BWS if bws else PendingImport.Kind.LEGACY
    )
    binary = usebio or bws
    return PendingImport.objects.create(
        user=director,
        club=club,
        kind=kind,
        sha256=hashlib.sha256(data).hexdigest(),
        text="" if binary else data.decode(),
        data=data if binary else b"",
        date=datetime.date(2026, 11, 26),
        name=name,
    )
