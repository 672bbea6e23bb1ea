"""What the public may see of a session in play: the boards every seated pair has played.

The public pages, the API, the downloads and the results emails all publish a board by this
one rule (``public_board_numbers``); a barometer's or a Swiss pairs' boards by whole rounds.
"""

from __future__ import annotations

from tournaments.bridge import movements as rules
from tournaments.bridge.rounds import published_rounds, round_boards
from tournaments.night.models import Board, Result, Session, SessionState
from tournaments.night.selectors.movements import PairKey, encounter_keys, session_movement


def public_board_numbers(session: Session) -> frozenset[int] | None:
    """Return the numbers of the boards the public may see, or None when all of them are public.

    A finished session publishes everything. In preparation nothing of a board is public.
    In play a board is public once every pair the movement seats at it has a result on it
    (a phantom's opponents have nothing to play); a session in play without a movement, or
    a board outside the movement, stays hidden until the session finishes, since nobody
    can tell who has still to play it. Two queries.
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
    for encounter in movement.encounters:
        sitting = encounter_keys(session.movement, encounter)
        for number in encounter.boards:
            due = scheduled.setdefault(number, set())
            if all(key in seated for key in sitting):
                due.update(sitting)
    public = frozenset(number for number, due in scheduled.items() if due <= played.get(number, set()))
    if not session.plays_by_rounds:
        return public
    # A round is published with its standings, so not while a board of it waits for its settle.
    waiting = set(Board.objects.filter(session=session, needs_scoring=True).values_list("number", flat=True))
    return _rounds_in_order(movement, public - waiting)


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
