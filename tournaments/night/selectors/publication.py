"""What the public may see of a session in play: the boards every seated pair has played,
and the standings that count them.

The public pages, the API, the downloads and the results emails all publish a board by this
one rule (``public_board_numbers``); a barometer's or a Swiss pairs' boards by whole rounds.
Every public standing, percentage and rank is read through ``standings_published`` (or its
page, or ``standings_published_of`` for a player's nights): an ordinary night's count every
result as it comes (the README), a barometer's or a Swiss pairs' in play only its published
rounds, so nothing shows the effect of a round still in play (issue 46, item 1).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext

from tournaments.bridge import movements as rules
from tournaments.bridge.rounds import published_rounds, round_boards
from tournaments.night.models import Board, Movement, Pair, Result, Session, SessionState, Standing
from tournaments.night.selectors.movements import (
    PairKey,
    encounter_keys,
    key_label,
    pair_key,
    session_movement,
)
from tournaments.night.selectors.pages import Page, session_standings_page
from tournaments.night.selectors.public import StandingsTable, session_standings
from tournaments.night.selectors.rounds import RoundsProgress, RoundStanding, rounds_progress


def public_board_numbers(session: Session) -> frozenset[int] | None:
    """Return the numbers of the boards the public may see, or None when all of them are public.

    A finished session publishes everything. In preparation nothing of a board is public.
    In play a board is public once every pair the movement seats at it has a result on it
    (a phantom's opponents have nothing to play); a session in play without a movement, or
    a board outside the movement, stays hidden until the session finishes, since nobody
    can tell who has still to play it. So does a board the movement gives a meeting of two
    unseated pairs: pairs seated later would play it (issue 46, item 3). Two queries.
    """
    if session.state == SessionState.FINISHED:
        return None
    movement = session_movement(session) if session.state == SessionState.PLAY else None
    if movement is None:
        return frozenset()
    seated = set(session.pairs.values_list("direction", "number"))
    played: dict[int, set[PairKey]] = {}
    rows = Result.objects.filter(board__session=session).values_list(
        "board__number", "ns_pair__direction", "ns_pair__number", "ew_pair__direction", "ew_pair__number"
    )
    for number, ns_direction, ns_number, ew_direction, ew_number in rows:
        keys = played.setdefault(number, set())
        keys.add((ns_direction, ns_number))
        if ew_number is not None:
            keys.add((ew_direction, ew_number))
    scheduled: dict[int, set[PairKey]] = {}
    unseated: set[int] = set()
    for encounter in movement.encounters:
        sitting = encounter_keys(session.movement, encounter)
        for number in encounter.boards:
            due = scheduled.setdefault(number, set())
            if all(key in seated for key in sitting):
                due.update(sitting)
            elif not any(key in seated for key in sitting):
                unseated.add(number)
    public = frozenset(
        number
        for number, due in scheduled.items()
        if number not in unseated and due <= played.get(number, set())
    )
    if not session.plays_by_rounds:
        return public
    # A round is published with its standings, so not while a board of it waits for its settle.
    waiting = set(Board.objects.filter(session=session, needs_scoring=True).values_list("number", flat=True))
    return _rounds_in_order(movement, public - waiting)


def seats_to_fill(session: Session, pairs: Iterable[Pair] | None = None) -> list[str]:
    """Return the movement's empty pair numbers (``NS 2``) when a meeting has neither pair seated.

    Play cannot start so (``services.movement.session_start``): a table with nobody at it
    would leave its boards to pairs seated later, so they could never be published while
    the night is played (issue 46, item 3). One empty number alone is a phantom, whose
    opponents sit out: it never meets another empty one, so nothing is returned. Not an
    individual (its players are seated by number) nor a teams round (seated by its draw).
    ``pairs``: the session's, if the caller read them (else one query).
    """
    movement = session_movement(session)
    if movement is None or session.is_individual or session.movement == Movement.TEAMS:
        return []
    seated = {pair_key(pair) for pair in (session.pairs.all() if pairs is None else pairs)}
    meetings = [encounter_keys(session.movement, encounter) for encounter in movement.encounters]
    if all(ns in seated or ew in seated for ns, ew in meetings):
        return []
    empty = {key for meeting in meetings for key in meeting if key not in seated}
    in_order = sorted(empty, key=lambda key: (key[0] != "NS", key[0], key[1]))
    return [key_label(key, sectioned=session.has_sections) for key in in_order]


def _rounds_in_order(movement: rules.Movement, public: frozenset[int]) -> frozenset[int]:
    """Return the boards of a barometer's (or Swiss pairs') rounds complete from round 1 on.

    Every table plays the round's boards, so a round is complete when its boards are all
    played; a round complete before an earlier one waits for it (``bridge.rounds``).
    """
    complete = [
        all(number in public for number in round_boards(r, movement.boards_per_round))
        for r in range(1, movement.rounds + 1)
    ]
    shown = published_rounds(complete)
    return frozenset(
        number for r in range(1, shown + 1) for number in round_boards(r, movement.boards_per_round)
    )


# --- The standings the public may see ----------------------------------------------------------


def standings_published(session: Session) -> list[StandingsTable]:
    """Return the standings the public may see, best first, one table a field.

    What every public surface reads (pages, phones, strata and handicaps, files, mail), so
    a round still in play shows nowhere: ``session_standings`` for an ordinary night, the
    standings after the published rounds for a barometer or a Swiss pairs in play.
    """
    held = _rounds_standings(session)
    return session_standings(session) if held is None else [StandingsTable(gettext("Standings"), held)]


def standings_published_page(session: Session, asked: int = 1) -> tuple[list[StandingsTable], Page]:
    """Return one page of ``standings_published``: a round-played night's on one page (a club's field)."""
    held = _rounds_standings(session)
    if held is None:
        return session_standings_page(session, asked)
    return [StandingsTable(gettext("Standings"), held)], Page(1, 1, max(len(held), 1))


def standings_published_of(pairs: Iterable[Pair]) -> dict[int, Standing]:
    """Return the published standing of each of ``pairs`` whose stored one the public may not see.

    A player's history (his page, the API) lists his pairs with their stored standings; a
    pair of a barometer or a Swiss pairs in play gets, by pair id, its standing after the
    published rounds instead. One reading of the rounds a such session (a player has one
    night in play at a time, most often none).
    """
    held: dict[int, Standing] = {}
    sessions = {pair.session_id: pair.session for pair in pairs if _counts_rounds(pair.session)}
    for session in sessions.values():
        held.update((standing.pair_id, standing) for standing in _rounds_standings(session) or [])
    return held


def _counts_rounds(session: Session) -> bool:
    """Whether the public standings count published rounds only: a barometer or Swiss pairs not finished."""
    return session.plays_by_rounds and session.state != SessionState.FINISHED


def _rounds_standings(session: Session) -> list[Standing] | None:
    """Return a round-played night's standings after its published rounds, or None for any other night.

    Shaped as ``Standing`` rows (not saved) so every reader of the stored standings reads
    these the same way; the places are the rounds' own (by VPs in a Swiss), as its page shows.
    """
    if not _counts_rounds(session):
        return None
    progress = rounds_progress(session, public=True)
    if progress is None:  # no movement: no round can be told complete, so none is published
        return []
    return [_standing(session, progress, row) for row in progress.standings]


def _standing(session: Session, progress: RoundsProgress, row: RoundStanding) -> Standing:
    by_imps = progress.by_imps
    return Standing(
        session=session,
        pair=row.pair,
        rank=row.rank,
        tied=row.tied,
        matchpoints=row.matchpoints,
        percentage=row.percentage,
        boards_played=row.boards,
        imps=row.figure if by_imps else None,
    )
