"""Take a Bridgemate section's results into its session: only what is new since the last import.

Each table's result on a board is the last ``ReceivedData`` row for it (``bridge.formats.bws.results``).
The feed remembers, for each table, round and board, the row it took and the result it
became (``BridgemateFeed.rows``), so:

- **the same row again, saying the same** changes nothing (importing the same file twice
  doubles nothing); a row BCS changed in place (marked erased, or corrected from its own
  screen, keeping its ID) is read as new;
- **a new row** is entered (``result_record``, settled once at the end), or, when the
  board already has a result from an earlier row (a correction), replaces it
  (``result_correct``, ``result_adjust``): the audit log keeps what it was;
- **an erasure or "Not played"** removes the result an earlier row gave (``result_delete``),
  as does a board whose rows the file no longer holds at all (BCS deleted them);
- **a copy of the file older than the last one read** (its latest row is below the
  latest taken) is refused: its missing rows would read as results removed;
- **an arbitral score or a "Wrong direction"** is left to the director, with a note: BCS
  does not say what it was, or which way the pairs sat.

A result ClubScore already holds for the same two pairs on the board (the director typed
it before the import) is replaced by the file's when they differ, with a note: the tables'
own entry is the night's record. A result the director removed or changed after it was
taken stays as the director left it until the file says something new about that board.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.formats.bws import BwsResult, BwsSection, Outcome, PairKey
from tournaments.core.models import Club
from tournaments.exchange.models import BridgemateFeed
from tournaments.night.models import Adjustment, Board, Pair, Result
from tournaments.night.services.results import (
    AdjustedEntry,
    ResultEntry,
    result_adjust,
    result_correct,
    result_delete,
    result_record,
)

_LAW_PERCENTAGES = {60: Adjustment.AVERAGE_PLUS, 50: Adjustment.AVERAGE, 40: Adjustment.AVERAGE_MINUS}


@dataclass
class ResultCounts:
    """What an import did to the session's results."""

    added: int = 0
    corrected: int = 0
    removed: int = 0
    unchanged: int = 0
    left: int = 0  # arbitral scores and wrong directions, for the director

    @property
    def replaced(self) -> bool:
        return bool(self.corrected or self.removed)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.corrected or self.removed)


def feed_key(result: BwsResult) -> str:
    return f"{result.table}-{result.round}-{result.board}"


def results_take(
    feed: BridgemateFeed,
    section: BwsSection,
    pairs: dict[PairKey, Pair],
    boards: dict[int, Board],
    notes: list[str],
    user: User | None,
) -> ResultCounts:
    """Take each table's result that is new since the feed's last import (module docstring)."""
    counts = ResultCounts()
    rows = dict(feed.rows)
    _check_not_older(rows, section)
    for key in set(rows) - {feed_key(result) for result in section.results}:
        _forget(rows.pop(key), boards, user, counts)
    for bws_result in section.results:
        key = feed_key(bws_result)
        taken = rows.get(key) or {}
        if taken.get("said") == bws_result.said:
            counts.unchanged += 1
            continue
        board = boards[bws_result.board]
        try:
            kept = _take(bws_result, section, taken.get("result"), pairs, board, notes, user, counts)
        except ValidationError as error:
            if "file" in getattr(error, "error_dict", {}):
                raise
            where = _("Board %(board)s, table %(table)s, round %(round)s (ReceivedData ID %(id)s)") % {
                "board": bws_result.board,
                "table": bws_result.table,
                "round": bws_result.round,
                "id": bws_result.row_id,
            }
            raise ValidationError({"file": f"{where}: {' '.join(error.messages)}"}) from None
        rows[key] = {
            "row": bws_result.row_id,
            "said": bws_result.said,
            "result": kept.pk if kept is not None else None,
        }
    feed.rows = rows
    return counts


def _check_not_older(rows: dict[str, dict], section: BwsSection) -> None:
    """Refuse a copy of the file from earlier in the night than the one the feed last read.

    Its missing rows would read as results removed; BCS only adds rows (their IDs grow).
    """
    taken = max((row["row"] for row in rows.values()), default=0)
    latest = max((result.row_id for result in section.results), default=0)
    if latest < taken:
        raise ValidationError(
            {
                "file": _(
                    "This file is older than the one imported last (its latest result is row "
                    "%(latest)s, ClubScore has taken row %(taken)s): upload the latest file."
                )
                % {"latest": latest, "taken": taken}
            }
        )


def _forget(taken: dict, boards: dict[int, Board], user: User | None, counts: ResultCounts) -> None:
    """A result whose rows the file no longer holds at all (BCS deleted them): it goes too."""
    result_pk = taken.get("result")
    result = (
        Result.objects.filter(pk=result_pk, board__in=list(boards.values())).first() if result_pk else None
    )
    if result is not None:
        result_delete(result=result, user=user)
        counts.removed += 1


def _take(
    bws_result: BwsResult,
    section: BwsSection,
    taken_pk: int | None,
    pairs: dict[PairKey, Pair],
    board: Board,
    notes: list[str],
    user: User | None,
    counts: ResultCounts,
) -> Result | None:
    """Bring the board's result at this table to what the row says; return the result it leaves."""
    existing = board.results.filter(pk=taken_pk).first() if taken_pk is not None else None
    outcome = bws_result.outcome
    if outcome in (Outcome.ARBITRAL, Outcome.WRONG_DIRECTION):
        counts.left += 1
        notes.append(_left_note(bws_result))
        return existing
    if outcome in (Outcome.ERASED, Outcome.NOT_PLAYED):
        if existing is not None:
            result_delete(result=existing, user=user)
            counts.removed += 1
        return None
    ns_pair = pairs[section.pair_key(bws_result.ns_pair, "NS")]
    ew_pair = pairs[section.pair_key(bws_result.ew_pair, "EW")]
    typed = None
    if existing is None:  # a result the director typed before the file had this board
        typed = board.results.filter(ns_pair=ns_pair).first() or board.results.filter(ew_pair=ew_pair).first()
        existing = typed
    if outcome is Outcome.ADJUSTED:
        entry = AdjustedEntry(
            ns_pair,
            ew_pair,
            _adjustment(board.session.club, bws_result.ns_percentage or 0, bws_result),
            _adjustment(board.session.club, bws_result.ew_percentage or 0, bws_result),
        )
        _count(counts, existing)
        if typed is not None:
            notes.append(_replaced_note(bws_result, typed))
        return result_adjust(board=board, entry=entry, result=existing, user=user)
    played = ResultEntry(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        contract="Pass" if bws_result.contract == "PASS" else bws_result.contract,
        declarer=bws_result.declarer,
        result="" if bws_result.tricks is None else str(bws_result.tricks),
        lead=_readable_lead(bws_result, notes),
    )
    if existing is None:
        counts.added += 1
        return result_record(board=board, entry=played, user=user, settle=False)
    if _same(existing, played, bws_result):
        return existing
    if typed is not None:
        notes.append(_replaced_note(bws_result, typed))
    counts.corrected += 1
    return result_correct(result=existing, entry=played, user=user)


def _count(counts: ResultCounts, existing: Result | None) -> None:
    if existing is None:
        counts.added += 1
    else:
        counts.corrected += 1


def _same(result: Result, entry: ResultEntry, bws_result: BwsResult) -> bool:
    """Whether the stored result already says what the row says (then nothing is written)."""
    return (
        not result.is_adjusted
        and not result.is_assigned
        and result.ns_pair_id == entry.ns_pair.pk
        and result.ew_pair_id == entry.ew_pair.pk
        and result.contract == bws_result.contract
        and result.declarer == bws_result.declarer
        and result.tricks == bws_result.tricks
    )


def _readable_lead(bws_result: BwsResult, notes: list[str]) -> str:
    try:
        return parse_lead(bws_result.lead)
    except CardError:
        notes.append(
            _(
                "Board %(board)s, table %(table)s: the lead %(lead)r is not a card; "
                "the result is stored without it."
            )
            % {"board": bws_result.board, "table": bws_result.table, "lead": bws_result.lead}
        )
        return ""


def _adjustment(club: Club, percentage: int, bws_result: BwsResult) -> str:
    """The club's adjustment that gives this percentage (its own figures first, then the Law's 60/50/40)."""
    figures = {
        club.average_plus: Adjustment.AVERAGE_PLUS,
        50: Adjustment.AVERAGE,
        club.average_minus: Adjustment.AVERAGE_MINUS,
    }
    found = figures.get(percentage) or _LAW_PERCENTAGES.get(percentage)
    if found is None:
        raise ValidationError(
            {
                "file": _(
                    "Board %(board)s, table %(table)s: an adjusted score of %(remarks)s is not "
                    "Average-plus, Average or Average-minus."
                )
                % {"board": bws_result.board, "table": bws_result.table, "remarks": bws_result.remarks}
            }
        )
    return found


def _left_note(bws_result: BwsResult) -> str:
    if bws_result.outcome is Outcome.ARBITRAL:
        said = _("the director gave an arbitral score BCS does not spell out")
    else:
        said = _("the Bridgemate marked the pairs as sitting the wrong way round")
    return _("Board %(board)s, table %(table)s, round %(round)s: %(said)s; enter it on the board's page.") % {
        "board": bws_result.board,
        "table": bws_result.table,
        "round": bws_result.round,
        "said": said,
    }


def _replaced_note(bws_result: BwsResult, existing: Result) -> str:
    return _(
        "Board %(board)s, table %(table)s: ClubScore's result %(result)s is replaced by the Bridgemate's."
    ) % {
        "board": bws_result.board,
        "table": bws_result.table,
        "result": existing.display,
    }
