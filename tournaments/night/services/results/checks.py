"""Check an entry before it is written: the pairs, the movement, the contract and its score.

Each check raises ``ValidationError`` naming the form's field, so the director's page
shows the message beside what to correct. They run under the session's lock
(``writes.locked_board``), so a pair's clash with a result entered meanwhile is seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge import Contract, board_vulnerability
from tournaments.bridge.notation import PASS_WORDS
from tournaments.bridge.scoring import ns_score, result_tricks
from tournaments.bridge.seats import Seat, seat_from
from tournaments.bridge.text import quoted
from tournaments.night.bridge_errors import translated
from tournaments.night.live.sql.results import results_holding_pairs
from tournaments.night.models import Board, Direction, Result, SessionState
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results.entries import (
    AdjustedEntry,
    AssignedEntry,
    NotInMovementError,
    ResultEntry,
)


@dataclass(frozen=True)
class Scored:
    contract: str
    declarer: str
    tricks: int | None
    ns_score: int


def check_in_play(board: Board) -> None:
    """Refuse a result while the session is in preparation: play has not started (issue 28, point 7).

    The tables' links refuse them too (``services.table_entry``); the director's desk and
    the API say the same, through this one check, under the session's lock.
    """
    if board.session.state == SessionState.PREPARATION:
        raise ValidationError(
            {
                "session": _(
                    "Play has not started yet: start play on the session page (4. Play) "
                    "before entering results."
                )
            }
        )


def check_pairs(
    board: Board, entry: ResultEntry | AdjustedEntry | AssignedEntry, editing: Result | None
) -> None:
    session = board.session
    ns_pair, ew_pair = entry.ns_pair, entry.ew_pair
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if pair.session_id != session.pk:
            raise ValidationError(
                {field: _("Pair %(label)s does not play in this session.") % {"label": pair.label}}
            )
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError(
            {"ew_pair": _("Pair %(label)s cannot play against itself.") % {"label": ns_pair.label}}
        )
    if session.is_mitchell and session.arrow_switch_rounds:
        # On an arrow-switched round an EW pair sits North-South; the movement check says when.
        if ns_pair.direction == ew_pair.direction:
            same = _("Pairs %(ns)s and %(ew)s sit in the same field.") % {
                "ns": ns_pair.label,
                "ew": ew_pair.label,
            }
            raise ValidationError({"ew_pair": same})
    elif session.is_mitchell:
        if ns_pair.direction != Direction.NS:
            raise ValidationError(
                {"ns_pair": _("Pair %(label)s sits East-West, not North-South.") % {"label": ns_pair.label}}
            )
        if ew_pair.direction != Direction.EW:
            raise ValidationError(
                {"ew_pair": _("Pair %(label)s sits North-South, not East-West.") % {"label": ew_pair.label}}
            )
    seats = results_holding_pairs(
        board.pk, (ns_pair.pk, ew_pair.pk), editing.pk if editing is not None else None
    )
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        found = [pk for pk, ns, _ in seats if ns == pair.pk] + [pk for pk, _, ew in seats if ew == pair.pk]
        if found:
            clash = Result.objects.get(pk=found[0])
            raise ValidationError(
                {
                    field: _("Pair %(label)s already has a result on board %(number)s (%(display)s).")
                    % {"label": pair.label, "number": board.number, "display": clash.display}
                }
            )


def check_movement(board: Board, entry: ResultEntry) -> None:
    """Refuse pairs the movement does not give this board, saying who should be playing it.

    A session without a movement (legacy imports, older sessions) is checked by pair
    numbers only, as before. ``entry.out_of_order`` is the director's override, which the
    refusal (``NotInMovementError``) tells how to give.
    """
    session = board.session
    movement = movement_selectors.session_movement(session)
    if movement is None or entry.out_of_order:
        return
    encounters = movement_selectors.board_encounters(movement, board.number)
    if not encounters:
        boards = f"boards 1-{movement.boards_total()}"
        message = _("Board %(number)s is not in this session's movement (%(boards)s).") % {
            "number": board.number,
            "boards": boards,
        }
        raise ValidationError({"board": message})
    entered = (movement_selectors.pair_key(entry.ns_pair), movement_selectors.pair_key(entry.ew_pair))
    if any(movement_selectors.encounter_keys(session.movement, e) == entered for e in encounters):
        return
    concerned = [
        e for e in encounters if set(entered) & set(movement_selectors.encounter_keys(session.movement, e))
    ] or encounters
    where = "; ".join(
        movement_selectors.encounter_text(session.movement, e, board.number, sectioned=session.has_sections)
        for e in concerned
    )
    raise NotInMovementError(
        _("%(label)s against %(label2)s is not in the movement: %(where)s.")
        % {"label": entry.ns_pair.label, "label2": entry.ew_pair.label, "where": where}
    )


def score_entry(board: Board, entry: ResultEntry) -> Scored:
    """Read the contract, declarer and result, and score them for North-South."""
    text = " ".join(entry.contract.split()).upper()
    if not text:
        raise ValidationError({"contract": _("Enter the contract (such as 4SX or 3NT), or Pass.")})
    if text in PASS_WORDS:
        if entry.declarer.strip() or entry.result.strip():
            raise ValidationError({"contract": _("A passed-out board has no declarer and no result.")})
        return Scored(Result.PASSED_OUT, "", None, 0)
    try:
        contract = Contract.parse(text)
    except ValueError as error:
        raise ValidationError(
            {
                "contract": _("%(quoted)s is not a contract: %(error)s")
                % {"quoted": quoted(entry.contract), "error": translated(error)}
            }
        ) from None
    try:  # the whole word: 'NS' was read as N (issue 24)
        declarer = seat_from(entry.declarer).value
    except ValueError:
        raise ValidationError({"declarer": _("Choose the declarer: N, E, S or W.")}) from None
    if not entry.result.strip():
        raise ValidationError({"result": _("Enter the tricks taken (0-13) or the result (=, +1, -2).")})
    try:
        tricks = result_tricks(contract, entry.result.strip())
    except ValueError as error:
        raise ValidationError({"result": translated(error)}) from None
    score = ns_score(contract, Seat(declarer), tricks, board_vulnerability(board.number))
    return Scored(str(contract), declarer, tricks, score)
