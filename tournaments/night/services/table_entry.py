"""Results entered by the tables themselves, through each table's secret link.

A table's entry becomes an ordinary result (``services.results.result_record``): scored by
the rules package, checked against the movement and the results already in, audited as
"entered at table 4", correctable and deletable by the director like any other.

Phones lose their network. The page gives every entry an idempotency key and sends it
again until it gets an answer; the first send that arrives stores the result and a
``TableSubmission`` under the key, in one transaction, and any later send of the same
key gets the same answer without storing anything (the database's unique constraints
settle two sends racing). So an entry is never lost and never doubled.

The result and its key are written in one short transaction and scored later
(``services.settle_soon``): when every table sends at once, the writes go side by side
(PostgreSQL) or one after another through the write gate (SQLite), and one rescoring,
once the sends pause, serves them all.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bridge.movement_sections import number_label
from tournaments.core.services.writes import write
from tournaments.db.sql import insert_row
from tournaments.night import live
from tournaments.night.live.sql.table_entry import pairs_with_clashes, session_state_share_locked
from tournaments.night.models import (
    Board,
    DirectorCall,
    Pair,
    Result,
    Session,
    SessionState,
    TableAccess,
    TableSubmission,
)
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.movements import PairKey
from tournaments.night.services.locks import session_locked
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.settle_soon import settle_soon

_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def table_accesses_ensure(session: Session) -> list[TableAccess]:
    """Give every table of the session's movement its secret link (existing links are kept).

    The pages that print the links (the tables' page, the table cards, a teams round's
    cards) call it on GET, since a movement may gain tables until play starts: it reads
    first and writes only the links still missing, once, through the write protocol (the
    gate and a transaction), so a page reloaded or opened by two directors adds nothing.
    """
    movement = movement_selectors.session_movement(session)
    if movement is None:
        return []
    accesses = list(session.table_accesses.filter(table__in=movement.table_numbers).order_by("table"))
    if len(accesses) == len(movement.table_numbers):
        return accesses
    with write():
        existing = {access.table for access in session.table_accesses.all()}
        missing = [
            TableAccess(session=session, table=table, token=secrets.token_urlsafe(24))
            for table in movement.table_numbers
            if table not in existing
        ]
        TableAccess.objects.bulk_create(missing, ignore_conflicts=True)
    return list(session.table_accesses.filter(table__in=movement.table_numbers).order_by("table"))


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


def _entry_text(entry: TableEntry) -> str:
    """The entry as ``TableSubmission.entry`` keeps it, to tell a repeat from a conflicting reuse."""
    fields = (str(entry.round), entry.contract, entry.declarer, entry.tricks, entry.lead)
    return "|".join(" ".join(field.split()).upper() for field in fields)[:64]


class KeyConflictError(ValidationError):
    """A send reuses an earlier entry's idempotency key for a different entry (answered 409)."""


@dataclass(frozen=True)
class Submitted:
    """The answer to a table's send: the result stored (None if the director has deleted it since)
    and whether this send repeated one that had already arrived."""

    result: Result | None
    board_number: int
    repeated: bool


def _refuse_unless_in_play(state: str) -> None:
    if state == SessionState.PREPARATION:
        raise ValidationError(
            {"session": _("Play has not started yet: ask the director to start the session.")}
        )
    if state == SessionState.FINISHED:
        raise ValidationError(
            {"session": _("This session has finished: results can no longer be entered here.")}
        )


def _seat(session: Session, entry: TableEntry, table: int) -> tuple[PairKey, PairKey]:
    """Return the (direction, number) of the NS and EW pairs the movement seats at ``table`` for the entry."""
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise ValidationError(
            {"session": _("This session has no movement: enter results at the director's desk.")}
        )
    if not 1 <= entry.round <= movement.rounds:
        raise ValidationError(
            {
                "round": _("Round %(round)s is not in the movement (rounds 1-%(rounds)s).")
                % {"round": entry.round, "rounds": movement.rounds}
            }
        )
    encounter = movement.encounter(entry.round, table)
    boards = movement_selectors.boards_text(tuple(encounter.boards))
    if entry.board not in encounter.boards:
        raise ValidationError(
            {
                "board": _(
                    "Board %(board)s is not played at table %(table)s in round %(round)s (boards %(boards)s)."
                )
                % {
                    "board": entry.board,
                    "table": movement_selectors.table_name(session, table),
                    "round": entry.round,
                    "boards": boards,
                }
            }
        )
    return movement_selectors.encounter_keys(session.movement, encounter)


def _refuse_a_later_round(session: Session, entry: TableEntry, table: int) -> None:
    """Refuse a board of a round the table has not reached (issue 24).

    A table reaches the round after the last one it has a result in (rounds where a pair
    sits out are passed over). Entering a later round's board before playing it would show
    the table that board's traveller, and block the real result.
    """
    if entry.round == 1:
        return
    movement = movement_selectors.session_movement(session)
    if movement is None:  # ``_seat``, asked first, has refused the entry
        return
    encounters = {r: movement.encounter(r, table) for r in range(1, entry.round)}
    seats = {r: movement_selectors.encounter_keys(session.movement, e) for r, e in encounters.items()}
    reached = _rounds_with_results(session, encounters, seats)
    skipped = range(max(reached, default=0) + 1, entry.round)
    if not skipped:
        return
    existing = set(session.pairs.values_list("direction", "number"))
    unplayed = [r for r in skipped if seats[r][0] in existing and seats[r][1] in existing]
    if unplayed:
        raise ValidationError(
            {
                "round": _(
                    "Board %(board)s is played in round %(round)s, but table %(table)s has no result of "
                    "round %(value)s yet: enter that round first, or call the director."
                )
                % {
                    "board": entry.board,
                    "round": entry.round,
                    "table": movement_selectors.table_name(session, table),
                    "value": unplayed[0],
                }
            }
        )


def _rounds_with_results(session: Session, encounters: dict, seats: dict) -> set[int]:
    """The rounds among ``encounters`` in which the table's pairs have a result on a board of theirs."""
    by_board = {(n, seats[r][0], seats[r][1]): r for r, e in encounters.items() for n in e.boards}
    rows = Result.objects.filter(board__session=session, board__number__in={n for n, _, _ in by_board})
    fields: tuple[str, ...] = ("board__number", "ns_pair__direction", "ns_pair__number")
    fields += ("ew_pair__direction", "ew_pair__number")
    return {
        by_board[key]
        for number, ns_dir, ns_num, ew_dir, ew_num in rows.values_list(*fields)
        if (key := (number, (ns_dir, ns_num), (ew_dir, ew_num))) in by_board
    }


def table_result_submit(*, access: TableAccess, entry: TableEntry) -> Submitted:
    """Store a table's result once, however many times the page sends it; its board is left marked.

    Refused with the reason (``ValidationError``) when the session is not in play, the
    board is not this table's in that round, or the result is wrong or already in. The
    result and its key are written in one short transaction, which asks for the scores'
    settle, a job of the queue run once the tables pause (``services.settle_soon``).
    """
    if not _KEY.fullmatch(entry.key):
        raise ValidationError({"key": _("The entry has no valid key: reload the page and enter it again.")})
    try:
        return _submit(access, entry)
    except IntegrityError:
        # On PostgreSQL the tables' sends run side by side (the session is only
        # share-locked), so a send of the same key, or another result for the same
        # pair on the board, can commit between this send's check and its insert; the
        # database's unique constraints refuse the second, and a second look answers
        # it as a repeat or refuses it with the reason.
        return _submit(access, entry)


def _earlier_submission(session: Session, key: str) -> TableSubmission | None:
    """The submission stored under ``key`` in the session, if this entry arrived before."""
    try:  # get, not first(): the key is unique in the session, and first() would order for nothing
        return TableSubmission.objects.select_related("result").get(session=session, key=key)
    except TableSubmission.DoesNotExist:
        return None


@write()
def _submit(access: TableAccess, entry: TableEntry) -> Submitted:
    """Store the entry under a share lock of the session, in two reads and the writes of ``result_record``.

    The table's send is the busiest write of a night (every table at once at the end of a
    round), so the session's state, the board and an earlier send of the key are read in
    one statement, and the seated pairs with any result they already have on the board in
    another, where the ORM would spend five queries (bench/bench_table_entry.py). Anything
    unusual (a repeat, a clash) goes the ordinary way for its answer.
    """
    session = access.session
    # A share lock (PostgreSQL): the tables' sends go side by side, while a director's write
    # or a settle (which lock the session for update) waits for them and they for it.
    state, board_id, earlier_id = session_state_share_locked(session.pk, entry.board, entry.key)
    _refuse_unless_in_play(state)
    if state != session.state:
        # Started since the link was read: its movement is fixed only from now (in play), so read it again.
        session = Session.objects.get(pk=session.pk)
    if earlier_id is not None:
        return _repeated(_earlier_submission(session, entry.key), access, entry)
    ns_key, ew_key = _seat(session, entry, access.table)
    _refuse_a_later_round(session, entry, access.table)
    if board_id is None:
        raise ValidationError(
            {"board": _("Board %(board)s is not set up yet: call the director.") % {"board": entry.board}}
        )
    board = Board.from_db(
        connection.alias, ["id", "session_id", "number"], [board_id, session.pk, entry.board]
    )
    board.session = session
    ns_pair, ew_pair, clash = _seated_pairs(board, ns_key, ew_key, access.table, entry.round)
    if clash and (earlier := _earlier_submission(session, entry.key)) is not None:
        # The first send of this key committed after the first look (each statement sees
        # what is committed when it starts): this is its repeat.
        return _repeated(earlier, access, entry)
    result_entry = ResultEntry(ns_pair, ew_pair, entry.contract, entry.declarer, entry.tricks, entry.lead)
    result = result_record(
        board=board,
        entry=result_entry,
        table=access.table,
        settle=False,
        board_locked=True,
        pairs_checked=not clash,
    )
    values = {"session": session.pk, "table": access.table, "key": entry.key, "board_number": entry.board}
    values["entry"] = _entry_text(entry)
    insert_row(TableSubmission, values | {"result": result.pk, "at": timezone.now()})
    settle_soon(session.pk)  # the rescoring, a job that commits with the entry
    live.result_stored(session.pk, table=access.table)  # a result in, a board marked
    return Submitted(result, entry.board, repeated=False)


def _repeated(earlier: TableSubmission | None, access: TableAccess, entry: TableEntry) -> Submitted:
    if earlier is None or (earlier.table, earlier.board_number) != (access.table, entry.board):
        raise KeyConflictError({"key": _("This entry's key was used for another board: enter it again.")})
    if earlier.entry and earlier.entry != _entry_text(entry):
        raise KeyConflictError(
            {
                "key": _(
                    "This entry's key was already used for another result on board %(board)s: "
                    "reload the page to see what is stored, and call the director to change it."
                )
                % {"board": entry.board}
            }
        )
    return Submitted(earlier.result, earlier.board_number, repeated=True)


def _seated_pairs(
    board: Board, ns_key: PairKey, ew_key: PairKey, table: int, round_: int
) -> tuple[Pair, Pair, bool]:
    """Return the seated NS and EW pairs, and whether either already has a result on the board."""
    rows = pairs_with_clashes(board.pk, board.session_id, (ns_key[1], ew_key[1]))
    fields = ["id", "session_id", "number", "direction"]
    pairs = {
        (direction, number): Pair.from_db(connection.alias, fields, [pk, board.session_id, number, direction])
        for pk, number, direction, _ in rows
    }
    if ns_key not in pairs or ew_key not in pairs:
        raise ValidationError(
            {
                "round": _(
                    "Table %(table)s has a pair sitting out in round %(round)s: there is nothing to enter."
                )
                % {"table": number_label(table, sectioned=board.session.has_sections), "round": round_}
            }
        )
    clash = any(
        has_result for _, number, direction, has_result in rows if (direction, number) in (ns_key, ew_key)
    )
    return pairs[ns_key], pairs[ew_key], clash


@write()
def director_call(*, access: TableAccess, round_: int | None = None) -> DirectorCall:
    """Record a table's call for the director; pressing again while it is open changes nothing."""
    session = session_locked(Session(pk=access.session_id))
    open_call = DirectorCall.objects.filter(
        session=session, table=access.table, answered_at__isnull=True
    ).first()
    if open_call is not None:
        return open_call
    return DirectorCall.objects.create(session=session, table=access.table, round=round_)


@write()
def director_call_answer(*, session: Session, call_id: int) -> int:
    """Mark a table's call answered; returns how many were open (0 if someone answered it first).

    The table's phone shows its call open until then, so its session's stamps are forgotten
    and its pages told (``night.live``): a phone's refresh is otherwise answered 204 by the
    cache's stamp, and showed "called" until the session's next write."""
    answered = DirectorCall.objects.filter(session=session, pk=call_id, answered_at__isnull=True).update(
        answered_at=timezone.now()
    )
    if answered:
        live.session_changed([session.pk])
    return answered
