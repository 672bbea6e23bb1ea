"""Enter, correct and delete results; the score comes from the rules package, never typed.

Each action locks its session's row first, so two directors entering results at the
same moment are serialised: the second sees the first's result and is refused if it
would duplicate it, instead of both landing, and the standings count both.

A result to correct, adjust or delete is read again once the lock is held: another
director may have deleted it since the page was read (or the same director, by a
double-clicked Delete). That is refused with ``ResultGoneError`` ("already deleted"),
which the views answer with a message and the board page, not a 500.

Each action writes the result and its audit entry, then rescores the changed board (with
any board a table's entry marked) and the standings (``services.scoring``), in one
transaction: a reader never sees a result without its matchpoints. A table's entry
(``result_record(settle=False)``, from ``services.table_entry``) only marks its board and
is settled once the tables' sends pause (``services.settle_soon``), so entries arriving
together share one rescoring (docs/decisions.md). Writes pass the SQLite write gate (``services.write_gate``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from tournaments.bridge import Contract, board_vulnerability
from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.scoring import ns_score, result_tricks
from tournaments.bridge.seats import Seat
from tournaments.bridge.text import quoted
from tournaments.db.sql import insert_row, with_tables
from tournaments.models import (
    ASSIGNED_MAX_PARTS,
    Adjustment,
    AuditAction,
    Board,
    Direction,
    Pair,
    Result,
    ResultChange,
)
from tournaments.selectors import movements as movement_selectors
from tournaments.services.scoring.settle import scores_pending, scores_settle_locked
from tournaments.services.write_gate import serialised_writes

PASS_WORDS = {"PASS", "P", "PASSED", "PASSED OUT", "ALL PASS"}


@dataclass(frozen=True)
class ResultEntry:
    """What a director types for one table: the pairs, and the contract and its outcome.

    ``result`` is either tricks taken (``'10'``) or a result against the contract
    (``'='``, ``'+1'``, ``'-2'``). A passed-out board has contract ``'Pass'`` and no
    declarer or result.
    """

    ns_pair: Pair
    ew_pair: Pair
    contract: str
    declarer: str = ""
    result: str = ""
    lead: str = ""
    auction: str = ""
    # The director's override of the movement: the board was played out of order (audited).
    out_of_order: bool = False


@dataclass(frozen=True)
class AdjustedEntry:
    """An artificial adjusted score the director gives a table (Law 12C2).

    ``ns_adjustment`` and ``ew_adjustment`` are ``'A+'``, ``'A'`` or ``'A-'``: the same for
    both sides, or split (NS Average-plus, EW Average-minus).
    """

    ns_pair: Pair
    ew_pair: Pair
    ns_adjustment: str
    ew_adjustment: str


class ResultGoneError(ValidationError):
    """The result was deleted after it was read and before its session was locked."""

    def __init__(self, result: Result) -> None:
        self.board_id = result.board_id
        super().__init__(f"That result on board {result.board.number} was already deleted.")


@dataclass(frozen=True)
class AssignedPart:
    """One weighted score of an assigned score: a weight (``'30%'``, ``'0.3'``, ``'1/3'``) and a contract."""

    weight: str
    contract: str
    declarer: str = ""
    result: str = ""


@dataclass(frozen=True)
class AssignedEntry:
    """An assigned (weighted) score the director gives a table (Law 12C1c), such as 30% of
    4S= by N and 70% of 4S-1 by N; the weights must add up to exactly 100%."""

    ns_pair: Pair
    ew_pair: Pair
    parts: tuple[AssignedPart, ...]


@dataclass(frozen=True)
class _Scored:
    contract: str
    declarer: str
    tricks: int | None
    ns_score: int


def _check_pairs(
    board: Board, entry: ResultEntry | AdjustedEntry | AssignedEntry, editing: Result | None
) -> None:
    session = board.session
    ns_pair, ew_pair = entry.ns_pair, entry.ew_pair
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if pair.session_id != session.pk:
            raise ValidationError({field: f"Pair {pair.label} does not play in this session."})
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": f"Pair {ns_pair.label} cannot play against itself."})
    if session.is_mitchell and session.arrow_switch_rounds:
        # On an arrow-switched round an EW pair sits North-South; the movement check says when.
        if ns_pair.direction == ew_pair.direction:
            same = f"Pairs {ns_pair.label} and {ew_pair.label} sit in the same field."
            raise ValidationError({"ew_pair": same})
    elif session.is_mitchell:
        if ns_pair.direction != Direction.NS:
            raise ValidationError({"ns_pair": f"Pair {ns_pair.label} sits East-West, not North-South."})
        if ew_pair.direction != Direction.EW:
            raise ValidationError({"ew_pair": f"Pair {ew_pair.label} sits North-South, not East-West."})
    seats = _pairs_seated_on_board(board, ns_pair, ew_pair, editing)
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        found = [pk for pk, ns, _ in seats if ns == pair.pk] + [pk for pk, _, ew in seats if ew == pair.pk]
        if found:
            clash = Result.objects.get(pk=found[0])
            raise ValidationError(
                {field: f"Pair {pair.label} already has a result on board {board.number} ({clash.display})."}
            )


def _pairs_seated_on_board(board: Board, ns_pair: Pair, ew_pair: Pair, editing: Result | None) -> list[tuple]:
    """(id, NS pair, EW pair) of the board's results other than ``editing`` holding either pair.

    Normally none. Plain SQL: it runs on every result entered (db.sql).
    """
    pairs = [ns_pair.pk, ew_pair.pk]
    with connection.cursor() as cursor:
        cursor.execute(
            with_tables(_PAIRS_SEATED, result=Result),
            [board.pk, *pairs, *pairs, editing.pk if editing is not None else None],
        )
        return cursor.fetchall()


_PAIRS_SEATED = """
SELECT id, ns_pair_id, ew_pair_id FROM {result}
WHERE board_id = %s AND (ns_pair_id IN (%s, %s) OR ew_pair_id IN (%s, %s)) AND NOT id = COALESCE(%s, 0)"""


def _check_movement(board: Board, entry: ResultEntry) -> None:
    """Refuse pairs the movement does not give this board, saying who should be playing it.

    A session without a movement (legacy imports, older sessions) is checked by pair
    numbers only, as before. ``entry.out_of_order`` is the director's override.
    """
    session = board.session
    movement = movement_selectors.session_movement(session)
    if movement is None or entry.out_of_order:
        return
    encounters = movement_selectors.board_encounters(movement, board.number)
    if not encounters:
        boards = f"boards 1-{movement.boards_total()}"
        message = f"Board {board.number} is not in this session's movement ({boards})."
        raise ValidationError({"board": message})
    entered = (movement_selectors.pair_key(entry.ns_pair), movement_selectors.pair_key(entry.ew_pair))
    if any(movement_selectors.encounter_keys(session.movement, e) == entered for e in encounters):
        return
    concerned = [
        e for e in encounters if set(entered) & set(movement_selectors.encounter_keys(session.movement, e))
    ] or encounters
    where = "; ".join(movement_selectors.encounter_text(session.movement, e, board.number) for e in concerned)
    raise ValidationError(
        {
            "ns_pair": f"{entry.ns_pair.label} against {entry.ew_pair.label} is not in the movement: "
            f"{where}. Tick 'played out of order' if it really was played so."
        }
    )


def _score_entry(board: Board, entry: ResultEntry) -> _Scored:
    """Read the contract, declarer and result, and score them for North-South."""
    text = " ".join(entry.contract.split()).upper()
    if not text:
        raise ValidationError({"contract": "Enter the contract (such as 4SX or 3NT), or Pass."})
    if text in PASS_WORDS:
        if entry.declarer.strip() or entry.result.strip():
            raise ValidationError({"contract": "A passed-out board has no declarer and no result."})
        return _Scored(Result.PASSED_OUT, "", None, 0)
    try:
        contract = Contract.parse(text)
    except ValueError as error:
        raise ValidationError({"contract": f"{quoted(entry.contract)} is not a contract: {error}"}) from None
    declarer = entry.declarer.strip().upper()[:1]
    if declarer not in ("N", "E", "S", "W"):
        raise ValidationError({"declarer": "Choose the declarer: N, E, S or W."})
    if not entry.result.strip():
        raise ValidationError({"result": "Enter the tricks taken (0-13) or the result (=, +1, -2)."})
    try:
        tricks = result_tricks(contract, entry.result.strip())
    except ValueError as error:
        raise ValidationError({"result": str(error)}) from None
    score = ns_score(contract, Seat(declarer), tricks, board_vulnerability(board.number))
    return _Scored(str(contract), declarer, tricks, score)


def _snapshot(result: Result, entry: ResultEntry | None = None) -> dict[str, Any]:
    """The result as the audit log keeps it: what a director would read back.

    A result the director entered against the movement says so (``out_of_order``).
    """
    snapshot = {
        "board": result.board.number,
        "ns_pair": result.ns_pair.label,
        "ew_pair": result.ew_pair.label if result.ew_pair else None,
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "lead": result.lead,
        "ns_score": result.ns_score,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "assigned": result.display if result.is_assigned else None,
    }
    if entry is not None and entry.out_of_order:
        snapshot["out_of_order"] = True
    return snapshot


def _locked_board(board: Board) -> Board:
    """Lock the session, then read the board afresh.

    Locking the session (not just the board) serialises every result write in it, so
    each recalculation of the standings sees all results committed before it.
    """
    # One statement: the board with its session, the session's row locked (FOR UPDATE OF).
    # A write that waited for the lock reads the results afresh in its later statements.
    return Board.objects.select_related("session").select_for_update(of=("session",)).get(pk=board.pk)


def _locked_result(result: Result, board: Board) -> Result:
    """Read ``result`` again under the session's lock; refuse it if it is gone meanwhile."""
    found = Result.objects.select_related("ns_pair", "ew_pair").filter(pk=result.pk, board=board)
    fresh = found.first()
    if fresh is None:
        raise ResultGoneError(result)
    fresh.board = board  # the board (and its session) read under the lock
    return fresh


def _written_and_scored(write: Callable[[], Result], *, inserted: bool = False) -> Result:
    """Run a result's ``write`` and rescore its board (with any a table marked) and the
    standings, in one transaction through the write gate; return it with its fresh figures.

    ``inserted`` says ``write`` only adds a result, so the standings can be moved by the
    rescored boards rather than summed again (``scores_settle_locked``).
    """
    with serialised_writes(), transaction.atomic():
        result = write()
        rescored = scores_settle_locked(result.board.session, changed=[result.board_id], inserted=inserted)
    scored = rescored[result.pk]  # its board was rescored: it is in ``changed``
    for field in _DERIVED:
        setattr(result, field, getattr(scored, field))
    return result


def _apply(result: Result, entry: ResultEntry, scored: _Scored, user: AbstractBaseUser | None) -> None:
    try:
        lead = parse_lead(entry.lead)
    except CardError as error:
        raise ValidationError({"lead": str(error)}) from None
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.contract = scored.contract
    result.declarer = scored.declarer
    result.tricks = scored.tricks
    result.ns_score = scored.ns_score
    result.ns_adjustment = result.ew_adjustment = Adjustment.NONE
    result.assigned = None
    result.lead = lead
    result.auction = " ".join(entry.auction.split())
    result.entered_by = _audit_user(user)
    _save_played(result)


_DERIVED = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage", "ns_imps", "ew_imps"]


def _save(result: Result) -> None:
    result.full_clean(exclude=_DERIVED)
    result.save()


# Checked before a played result is saved, so ``_save_played`` need not ask the database again.
_CHECKED_BEFORE = ["board", "ns_pair", "ew_pair", "entered_by"]


def _save_played(result: Result) -> None:
    """Save a played (or passed-out) result, validating its fields but not asking the database again.

    ``full_clean`` would spend some 20 queries on a result whose every database rule was
    already checked: the board was read under the session's lock, the pairs are that
    session's (``_check_pairs``, which also refuses a pair against itself and a second
    result for a pair on the board, under the lock), the user is the signed-in one, and
    the contract, declarer, tricks and score come from ``_score_entry``, which satisfies
    the check constraints by construction. The constraints stay in the database as the
    backstop. Field rules (lengths, choices) are still validated.
    """
    result.full_clean(
        exclude=[*_DERIVED, *_CHECKED_BEFORE], validate_unique=False, validate_constraints=False
    )
    result.save()


def _apply_adjustment(result: Result, entry: AdjustedEntry, user: AbstractBaseUser | None) -> None:
    valid = {choice.value for choice in Adjustment if choice.value}
    for field in ("ns_adjustment", "ew_adjustment"):
        if getattr(entry, field) not in valid:
            raise ValidationError({field: "Choose Average-plus, Average or Average-minus."})
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.ns_adjustment = entry.ns_adjustment
    result.ew_adjustment = entry.ew_adjustment
    result.assigned = None
    result.contract = result.declarer = result.lead = result.auction = ""
    result.tricks = None
    result.ns_score = None
    result.entered_by = _audit_user(user)
    _save(result)


def _weight(text: str, field: str) -> Fraction:
    """Read a weight as a percentage (``'30%'``, ``'30'``) or a fraction of 1 (``'0.3'``, ``'1/3'``)."""
    cleaned = text.strip().replace(" ", "")
    try:
        if cleaned.endswith("%"):
            weight = Fraction(cleaned[:-1]) / 100
        else:
            weight = Fraction(cleaned)
            if weight > 1:  # "30" means 30%
                weight /= 100
    except (ValueError, ZeroDivisionError):
        raise ValidationError({field: f"{text!r} is not a weight: write 30%, 0.3 or 1/3."}) from None
    if not 0 < weight < 1:
        raise ValidationError({field: f"A weight is more than 0% and less than 100%, got {text!r}."})
    return weight


def _assigned_parts(board: Board, entry: AssignedEntry) -> list[dict[str, Any]]:
    """Score each weighted part; errors name the part's field (``contract2``)."""
    if not 2 <= len(entry.parts) <= ASSIGNED_MAX_PARTS:
        raise ValidationError(
            {"weight1": f"An assigned score has 2 to {ASSIGNED_MAX_PARTS} weighted scores."}
        )
    parts = []
    for number, part in enumerate(entry.parts, start=1):
        weight = _weight(part.weight, f"weight{number}")
        played = ResultEntry(entry.ns_pair, entry.ew_pair, part.contract, part.declarer, part.result)
        try:
            scored = _score_entry(board, played)
        except ValidationError as error:
            raise ValidationError(
                {f"{field}{number}": messages for field, messages in error.message_dict.items()}
            ) from None
        parts.append(
            {
                "weight": str(weight),
                "contract": scored.contract,
                "declarer": scored.declarer,
                "tricks": scored.tricks,
                "ns_score": scored.ns_score,
            }
        )
    total = sum((Fraction(part["weight"]) for part in parts), Fraction(0))
    if total != 1:
        raise ValidationError(
            {"weight1": f"The weights must add up to 100%, they add up to {float(total * 100):.4g}%."}
        )
    return parts


def _apply_assigned(
    result: Result, entry: AssignedEntry, parts: list[dict[str, Any]], user: AbstractBaseUser | None
) -> None:
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.ns_adjustment = result.ew_adjustment = Adjustment.NONE
    result.assigned = parts
    result.contract = result.declarer = result.lead = result.auction = ""
    result.tricks = None
    result.ns_score = None
    result.entered_by = _audit_user(user)
    _save(result)


def _audit_user(user: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return user if user is not None and user.is_authenticated else None


def _audit(
    board: Board,
    action: str,
    user: AbstractBaseUser | None,
    *,
    result: Result | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    table: int | None = None,
) -> None:
    # Plain SQL (db.sql): an audit row is written with every result entered.
    insert_row(
        ResultChange,
        {
            "session": board.session_id,
            "board_number": board.number,
            "result": result.pk if result is not None else None,
            "action": action,
            "user": user.pk if _audit_user(user) is not None else None,
            "at": timezone.now(),
            "before": before,
            "after": after,
            "table": table,
        },
    )


def result_record(
    *,
    board: Board,
    entry: ResultEntry,
    user: AbstractBaseUser | None = None,
    table: int | None = None,
    settle: bool = True,
    board_locked: bool = False,
    pairs_checked: bool = False,
) -> Result:
    """Score and store a new result; the board's matchpoints and the standings follow.

    ``table`` is the table that entered it from its own page (no user), for the audit log.
    ``settle=False`` leaves the board marked for a later settle (``services.table_entry``,
    whose view has it settled once the sends pause), and ``board_locked`` says the caller
    already holds the session's lock and read ``board`` (with its session) under it.
    ``pairs_checked`` says the caller took the pairs from the movement's seats for this
    board and found that neither has a result on it yet, under that lock.
    """
    if settle:
        return _written_and_scored(
            lambda: _record(board, entry, user, table, board_locked, pairs_checked), inserted=True
        )
    # No savepoint inside a caller's transaction: a refusal rolls the caller's back too.
    with serialised_writes(), transaction.atomic(savepoint=not board_locked):
        result = _record(board, entry, user, table, board_locked, pairs_checked)
        scores_pending(result.board)
    return result


def _record(
    board: Board,
    entry: ResultEntry,
    user: AbstractBaseUser | None,
    table: int | None,
    board_locked: bool,
    pairs_checked: bool,
) -> Result:
    if not board_locked:
        board = _locked_board(board)
    if not pairs_checked:  # else the movement seated them for this board
        _check_pairs(board, entry, editing=None)
        _check_movement(board, entry)
    scored = _score_entry(board, entry)
    result = Result(board=board)
    _apply(result, entry, scored, user)
    after = _snapshot(result, entry)
    _audit(board, AuditAction.CREATE, user, result=result, after=after, table=table)
    return result


def result_adjust(
    *, board: Board, entry: AdjustedEntry, result: Result | None = None, user: AbstractBaseUser | None = None
) -> Result:
    """Give a table an artificial adjusted score, new or in place of its result (audited)."""
    return _written_and_scored(lambda: _adjust(board, entry, result, user))


def _adjust(
    board: Board, entry: AdjustedEntry, result: Result | None, user: AbstractBaseUser | None
) -> Result:
    board = _locked_board(board)
    before = None
    if result is not None:
        result = _locked_result(result, board)
        before = _snapshot(result)
    _check_pairs(board, entry, editing=result)
    if result is None:
        result = Result(board=board)
    _apply_adjustment(result, entry, user)
    action = AuditAction.CREATE if before is None else AuditAction.UPDATE
    _audit(board, action, user, result=result, before=before, after=_snapshot(result))
    return result


def result_assign(
    *, board: Board, entry: AssignedEntry, result: Result | None = None, user: AbstractBaseUser | None = None
) -> Result:
    """Give a table an assigned (weighted) score, new or in place of its result (audited).

    Each part is scored like a played contract on this board; the weights must add up to
    exactly 100%. The board is matchpointed with each part weighted (``bridge.adjusted``).
    """
    return _written_and_scored(lambda: _assign(board, entry, result, user))


def _assign(
    board: Board, entry: AssignedEntry, result: Result | None, user: AbstractBaseUser | None
) -> Result:
    board = _locked_board(board)
    before = None
    if result is not None:
        result = _locked_result(result, board)
        before = _snapshot(result)
    _check_pairs(board, entry, editing=result)
    parts = _assigned_parts(board, entry)
    if result is None:
        result = Result(board=board)
    _apply_assigned(result, entry, parts, user)
    action = AuditAction.CREATE if before is None else AuditAction.UPDATE
    _audit(board, action, user, result=result, before=before, after=_snapshot(result))
    return result


def result_correct(*, result: Result, entry: ResultEntry, user: AbstractBaseUser | None = None) -> Result:
    """Replace a result with a corrected one, keeping what it was in the audit log."""
    return _written_and_scored(lambda: _correct(result, entry, user))


def _correct(result: Result, entry: ResultEntry, user: AbstractBaseUser | None) -> Result:
    board = _locked_board(result.board)
    result = _locked_result(result, board)
    before = _snapshot(result)
    _check_pairs(board, entry, editing=result)
    _check_movement(board, entry)
    scored = _score_entry(board, entry)
    _apply(result, entry, scored, user)
    _audit(board, AuditAction.UPDATE, user, result=result, before=before, after=_snapshot(result, entry))
    return result


def result_delete(*, result: Result, user: AbstractBaseUser | None = None) -> None:
    """Delete a result entered in error; the audit log keeps what it was."""
    with serialised_writes(), transaction.atomic():
        board = _delete(result, user)
        scores_settle_locked(board.session, changed=[board.pk], removed=True)


def _delete(result: Result, user: AbstractBaseUser | None) -> Board:
    board = _locked_board(result.board)
    result = _locked_result(result, board)
    _audit(board, AuditAction.DELETE, user, before=_snapshot(result))
    result.delete()
    return board
