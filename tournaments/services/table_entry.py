"""Results entered by the tables themselves, through each table's secret link.

A table's entry becomes an ordinary result (``services.results.result_record``): scored by
the rules package, checked against the movement and the results already in, audited as
"entered at table 4", correctable and deletable by the director like any other.

Phones lose their network. The page gives every entry an idempotency key and sends it
again until it gets an answer; the first send that arrives stores the result and a
``TableSubmission`` under the key, in one transaction with the session locked, and any
later send of the same key gets the same answer without storing anything. So an entry is
never lost and never doubled.

The result and its key are written in one short transaction and scored in the next
(``services.standings.scores_settle``): when every table sends at once, the writes queue
only briefly on the session's lock, and one rescoring serves all the results that
arrived meanwhile.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments.models import (
    Board,
    DirectorCall,
    Pair,
    Result,
    Session,
    SessionState,
    TableAccess,
    TableSubmission,
)
from tournaments.selectors import movements as movement_selectors
from tournaments.services.results import ResultEntry, result_record
from tournaments.services.standings import scores_settle
from tournaments.services.write_gate import serialised_writes

logger = logging.getLogger(__name__)
_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def table_accesses_ensure(session: Session) -> list[TableAccess]:
    """Give every table of the session's movement its secret link (existing links are kept)."""
    movement = movement_selectors.session_movement(session)
    if movement is None:
        return []
    existing = {access.table for access in session.table_accesses.all()}
    missing = [
        TableAccess(session=session, table=table, token=secrets.token_urlsafe(24))
        for table in range(1, movement.tables + 1)
        if table not in existing
    ]
    if missing:
        TableAccess.objects.bulk_create(missing, ignore_conflicts=True)
    return list(session.table_accesses.filter(table__lte=movement.tables).order_by("table"))


@dataclass(frozen=True)
class TableEntry:
    """What a table's page sends for one board: the round it is in, and the result as tapped."""

    key: str
    round: int
    board: int
    contract: str
    declarer: str = ""
    tricks: str = ""
    lead: str = ""


@dataclass(frozen=True)
class Submitted:
    """The answer to a table's send: the result stored (None if the director has deleted it since)
    and whether this send repeated one that had already arrived."""

    result: Result | None
    board_number: int
    repeated: bool


def _session_in_play(access: TableAccess) -> Session:
    session = Session.objects.select_for_update().get(pk=access.session_id)
    if session.state == SessionState.PREPARATION:
        raise ValidationError({"session": "Play has not started yet: ask the director to start the session."})
    if session.state == SessionState.FINISHED:
        raise ValidationError(
            {"session": "This session has finished: results can no longer be entered here."}
        )
    return session


def _seated_pairs(session: Session, entry: TableEntry, table: int) -> tuple[Pair, Pair]:
    """Return the NS and EW pairs the movement seats at ``table`` in the entry's round, for its board."""
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise ValidationError(
            {"session": "This session has no movement: enter results at the director's desk."}
        )
    if not 1 <= entry.round <= movement.rounds:
        raise ValidationError(
            {"round": f"Round {entry.round} is not in the movement (rounds 1-{movement.rounds})."}
        )
    encounter = movement.encounter(entry.round, table)
    boards = movement_selectors.boards_text(tuple(encounter.boards))
    if entry.board not in encounter.boards:
        raise ValidationError(
            {
                "board": f"Board {entry.board} is not played at table {table} "
                f"in round {entry.round} (boards {boards})."
            }
        )
    ns_key, ew_key = movement_selectors.encounter_keys(session.movement, encounter)
    pairs = {
        movement_selectors.pair_key(pair): pair
        for pair in session.pairs.filter(number__in=(ns_key[1], ew_key[1]))
    }
    if ns_key not in pairs or ew_key not in pairs:
        raise ValidationError(
            {
                "round": f"Table {table} has a pair sitting out in round {entry.round}: "
                "there is nothing to enter."
            }
        )
    return pairs[ns_key], pairs[ew_key]


def table_result_submit(*, access: TableAccess, entry: TableEntry) -> Submitted:
    """Store a table's result once, however many times the page sends it; its board is left marked.

    Refused with the reason (``ValidationError``) when the session is not in play, the
    board is not this table's in that round, or the result is wrong or already in. The
    result and its key are written in one short transaction; the caller then settles the
    scores (``table_scores_settle``), which the view does once its answer is sent.
    """
    if not _KEY.fullmatch(entry.key):
        raise ValidationError({"key": "The entry has no valid key: reload the page and enter it again."})
    with serialised_writes():
        return _submit(access, entry)


def table_scores_settle(session: Session) -> None:
    """Rescore what the tables' entries marked, together with whatever arrived meanwhile.

    Run once a table's answer is sent, so a failure cannot reach the phone: it is logged,
    and the board stays marked for the next entry or read to settle.
    """
    try:
        with serialised_writes():
            scores_settle(session)
    except Exception:  # noqa: BLE001 - the answer is sent; the marks keep the work for the next settle
        logger.exception("Rescoring session %s after a table's entry failed", session.pk)


@transaction.atomic
def _submit(access: TableAccess, entry: TableEntry) -> Submitted:
    session = _session_in_play(access)
    earlier = TableSubmission.objects.filter(session=session, key=entry.key).select_related("result").first()
    if earlier is not None:
        if (earlier.table, earlier.board_number) != (access.table, entry.board):
            raise ValidationError({"key": "This entry's key was used for another board: enter it again."})
        return Submitted(earlier.result, earlier.board_number, repeated=True)
    ns_pair, ew_pair = _seated_pairs(session, entry, access.table)
    board = Board.objects.filter(session=session, number=entry.board).first()
    if board is None:
        raise ValidationError({"board": f"Board {entry.board} is not set up yet: call the director."})
    board.session = session
    result_entry = ResultEntry(ns_pair, ew_pair, entry.contract, entry.declarer, entry.tricks, entry.lead)
    result = result_record(
        board=board, entry=result_entry, table=access.table, settle=False, board_locked=True
    )
    TableSubmission.objects.create(
        session=session, table=access.table, key=entry.key, board_number=entry.board, result=result
    )
    return Submitted(result, entry.board, repeated=False)


@transaction.atomic
def director_call(*, access: TableAccess, round_: int | None = None) -> DirectorCall:
    """Record a table's call for the director; pressing again while it is open changes nothing."""
    session = Session.objects.select_for_update().get(pk=access.session_id)
    open_call = DirectorCall.objects.filter(
        session=session, table=access.table, answered_at__isnull=True
    ).first()
    if open_call is not None:
        return open_call
    return DirectorCall.objects.create(session=session, table=access.table, round=round_)


@transaction.atomic
def director_call_answer(*, session: Session, call_id: int) -> int:
    """Mark a table's call answered; returns how many were open (0 if someone answered it first)."""
    return DirectorCall.objects.filter(session=session, pk=call_id, answered_at__isnull=True).update(
        answered_at=timezone.now()
    )
