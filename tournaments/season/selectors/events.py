"""Reads for the event pages: the ranking after each session, computed on read from the standings.

As for competitions (``selectors.competitions``), nothing is stored: the finished
sessions' standings are read in one query and ranked by ``bridge.season.events``, so a
correction in an earlier session moves the event at once. Only finished sessions count:
the ranking is the event's "after session k", and a session in play is listed, not counted.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournaments.bridge.season.events import EventInputError, EventLine, PairResult, event_ranking
from tournaments.core.models import Club
from tournaments.night.models import Pair, ScoringMethod, Session, SessionState, Standing
from tournaments.season.models import PAIRS_MOVEMENTS, Event, EventSession


@dataclass(frozen=True)
class EventRow:
    """A pair's line, the pair as last seated (its names) and its place after each session."""

    line: EventLine
    pair: Pair
    places: tuple[str, ...]


@dataclass(frozen=True)
class EventTable:
    event: Event
    sessions: list[Session]  # every session of the event, oldest first
    counted: list[Session]  # the finished ones, which the ranking is after
    rows: list[EventRow]
    problem: str = ""  # results the ranking cannot be made from, named (never a 500)


def event_get(pk: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=pk)


def events_of(club: Club) -> QuerySet[Event]:
    return Event.objects.filter(club=club).order_by("-created_at", "-id")


def event_sessions(event: Event) -> list[Session]:
    """The event's sessions, oldest first (by date, then as created: an afternoon before its evening)."""
    entries = (
        EventSession.objects.filter(event=event)
        .select_related("session")
        .order_by("session__date", "session_id")
    )
    return [entry.session for entry in entries]


@dataclass(frozen=True)
class SessionPlace:
    """Where a session stands in its event: session ``number`` of ``count``."""

    event: Event
    number: int
    count: int


def event_of_session(session: Session) -> SessionPlace | None:
    """The session's place in its event, if it is in one: one query, the event's entries with it."""
    entries = list(
        EventSession.objects.filter(event__entries__session=session)
        .select_related("event")
        .order_by("session__date", "session_id")
    )
    if not entries:
        return None
    numbers = [entry.session_id for entry in entries]
    return SessionPlace(entries[0].event, numbers.index(session.pk) + 1, len(entries))


def pairs_continuing(event: Event, session: Session) -> tuple[int, int]:
    """How many of ``session``'s pairs (same two players) played another session of the event, of how many.

    Said when a session is added, so a director who picked the wrong night (a club night
    instead of session 2: no pair continues) sees it at once and can take it out.
    """
    others = Pair.objects.filter(session__event_entry__event=event).exclude(session=session)
    known = {players_of(pair) for pair in others.only("player1_id", "player2_id")}
    seated = [players_of(pair) for pair in session.pairs.only("player1_id", "player2_id")]
    return sum(players in known for players in seated), len(seated)


def sessions_to_add(event: Event) -> QuerySet[Session]:
    """The club's pairs sessions in no event yet, newest first: what the director may add."""
    return (
        Session.objects.filter(club_id=event.club_id, movement__in=PAIRS_MOVEMENTS, event_entry__isnull=True)
        .filter(scoring=ScoringMethod.MATCHPOINTS)
        .order_by("-date", "-id")
    )


def event_standings(event: Event) -> EventTable:
    """Return the event's ranking after its last finished session (two queries)."""
    sessions = event_sessions(event)
    counted = [session for session in sessions if session.state == SessionState.FINISHED]
    standings = (
        Standing.objects.filter(session__in=counted, boards_played__gt=0)
        .select_related("pair__player1", "pair__player2")
        .order_by("session_id", "-pair__direction", "rank")  # NS before EW, as the nights list them
    )
    two_fields = {session.pk for session in counted if not session.ranks_one_field}
    results: dict[int, list[PairResult]] = {session.pk: [] for session in counted}
    seated: dict[frozenset[Hashable], Pair] = {}  # the pair as last seated, for its names
    order = {session.pk: index for index, session in enumerate(counted)}
    for standing in sorted(standings, key=lambda standing: order[standing.session_id]):
        pair = standing.pair
        players = players_of(pair)
        field = pair.direction if standing.session_id in two_fields else ""
        results[standing.session_id].append(
            PairResult(players, standing.percentage, standing.matchpoints, field)
        )
        seated[players] = pair
    by_session = [results[session.pk] for session in counted]
    try:
        lines = event_ranking(by_session, event.method)
        history = [_places(event_ranking(by_session[:k], event.method)) for k in range(1, len(counted) + 1)]
    except EventInputError as error:
        return EventTable(event, sessions, counted, [], str(error))
    rows = [
        EventRow(line, seated[line.players], tuple(places.get(line.players, "") for places in history))
        for line in lines
    ]
    return EventTable(event, sessions, counted, rows)


def players_of(pair: Pair) -> frozenset[Hashable]:
    """A pair's identity in an event: its players, in either order, whatever its seat."""
    return frozenset(pk for pk in (pair.player1_id, pair.player2_id) if pk is not None)


def _places(lines: list[EventLine]) -> dict[frozenset[Hashable], str]:
    return {line.players: f"{line.rank}{'=' if line.tied else ''}" for line in lines if line.ranked}
