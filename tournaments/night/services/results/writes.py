"""The write-and-score path: lock the session, write the result, rescore in the same transaction.

Every action goes through ``written_and_scored`` (or, for a table's entry, marks its
board), so a reader never sees a result without its matchpoints; the session's lock
serialises the writes of one session (module docstring of ``services.results``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.core.services.writes import locked, write
from tournaments.night import live
from tournaments.night.bridge_errors import translated
from tournaments.night.models import Adjustment, Board, Result
from tournaments.night.services.results.audit import audit_user
from tournaments.night.services.results.checks import Scored
from tournaments.night.services.results.entries import ResultEntry, ResultGoneError
from tournaments.night.services.scoring.settle import scores_settle_locked


def locked_board(board: Board) -> Board:
    """Lock the session, then read the board afresh.

    Locking the session (not just the board) serialises every result write in it, so
    each recalculation of the standings sees all results committed before it.
    """
    # One statement: the board with its session, the session's row locked (FOR UPDATE OF).
    # A write that waited for the lock reads the results afresh in its later statements.
    fresh = locked(Board.objects.select_related("session"), of=("session",)).get(pk=board.pk)
    live.result_stored(fresh.session_id)  # a result written, corrected or deleted
    return fresh


def locked_result(result: Result, board: Board) -> Result:
    """Read ``result`` again under the session's lock; refuse it if it is gone meanwhile."""
    found = Result.objects.select_related("ns_pair", "ew_pair").filter(pk=result.pk, board=board)
    fresh = found.first()
    if fresh is None:
        raise ResultGoneError(result)
    fresh.board = board  # the board (and its session) read under the lock
    return fresh


def written_and_scored(change: Callable[[], Result], *, inserted: bool = False) -> Result:
    """Run a result's ``change`` and rescore its board (with any a table marked) and the
    standings, in one write (``core.services.writes``); return it with its fresh figures.

    ``inserted`` says ``change`` only adds a result, so the standings can be moved by the
    rescored boards rather than summed again (``scores_settle_locked``).
    """
    with write():
        result = change()
        rescored = scores_settle_locked(result.board.session, changed=[result.board_id], inserted=inserted)
    scored = rescored[result.pk]  # its board was rescored: it is in ``changed``
    for field in DERIVED:
        setattr(result, field, getattr(scored, field))
    return result


def apply_played(result: Result, entry: ResultEntry, scored: Scored, user: User | None) -> None:
    try:
        lead = parse_lead(entry.lead)
    except CardError as error:
        raise ValidationError({"lead": translated(error)}) from None
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.contract = scored.contract
    result.declarer = scored.declarer
    result.tricks = scored.tricks
    result.ns_score = scored.ns_score
    result.ns_adjustment = result.ew_adjustment = Adjustment.NONE
    result.assigned = None
    result.stated_ns_percentage = result.stated_ew_percentage = None
    result.lead = lead
    result.auction = " ".join(entry.auction.split())
    result.entered_by = audit_user(user)
    save_played(result)


DERIVED = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage", "ns_imps", "ew_imps"]


def save_validated(result: Result) -> None:
    result.full_clean(exclude=DERIVED)
    result.save()


# Checked before a played result is saved, so ``save_played`` need not ask the database again.
_CHECKED_BEFORE = ["board", "ns_pair", "ew_pair", "entered_by"]


def save_played(result: Result) -> None:
    """Save a played (or passed-out) result, validating its fields but not asking the database again.

    ``full_clean`` would spend some 20 queries on a result whose every database rule was
    already checked: the board was read under the session's lock, the pairs are that
    session's (``check_pairs``, which also refuses a pair against itself and a second
    result for a pair on the board, under the lock), the user is the signed-in one, and
    the contract, declarer, tricks and score come from ``score_entry``, which satisfies
    the check constraints by construction. The constraints stay in the database as the
    backstop. Field rules (lengths, choices) are still validated.
    """
    result.full_clean(exclude=[*DERIVED, *_CHECKED_BEFORE], validate_unique=False, validate_constraints=False)
    result.save()
