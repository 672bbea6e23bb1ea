"""Read a session back out as a legacy score file.

The legacy format holds the scores of one field, each pair's own score, with no
opponents (seed ``legacy-score-files.txt``), so a session exports as one field:

- **A legacy session** (every result a bare score, no East-West pair, as imported) is
  written back as it came: each pair's score on each board, ``----`` where it sat out.
  Importing a file and exporting it gives a file with the same simpscore report.
- **A Mitchell** exports one direction, North-South by default: NS pairs with their NS
  scores, or EW pairs with their own scores (minus the NS score). Pairs of one field of a
  Mitchell are compared only with each other, as the legacy report does.
- **A Howell with played results** is refused: each of its pairs sat North-South on some
  boards and East-West on others, so its scores do not form one field that a legacy
  report could compare.

Pairs are written by their numbers, which must be 1..n in the field exported, since the
format numbers pairs so; board lines follow the board numbers, a board nobody in the
field played being all ``----``. A passed-out board is 0, which the file writes ``PASS``.
A session with an artificial adjusted score is refused: the format holds only scores.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from tournaments.bridge.adjusted import Assigned
from tournaments.bridge.formats.legacy import LegacyPair, ScoreFile, format_score_file
from tournaments.night.models import Adjustment, Direction, Pair, Result, Session


class ExportError(ValueError):
    """A session that cannot be written as a legacy score file; the message says why."""


class LegacyExport(NamedTuple):
    """A session's field as a score file, and a note for each table the format could not hold as it was."""

    score_file: ScoreFile
    notes: tuple[str, ...]

    @property
    def text(self) -> str:
        """The score file written in the legacy format."""
        return format_score_file(self.score_file)


class _Row(NamedTuple):
    board_number: int
    ns_pair_id: int
    ew_pair_id: int | None
    ns_score: int | None
    ns_adjustment: str
    ew_adjustment: str
    assigned: list[dict[str, Any]] | None


_ROW_FIELDS = (
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "ns_score",
    "ns_adjustment",
    "ew_adjustment",
    "assigned",
)


def session_legacy_export(session: Session, direction: str | None = None) -> LegacyExport:
    """Return the session's scores of one field, with notes on its adjusted scores (module docstring)."""
    rows = [
        _Row(*row)
        for row in Result.objects.filter(board__session=session)
        .order_by("board__number", "ns_pair__number")
        .values_list(*_ROW_FIELDS)
    ]
    field = _field_direction(session, direction, rows)
    pairs = list(Pair.objects.filter(session=session).select_related("player1", "player2").order_by("number"))
    label = {pair.pk: pair.label for pair in pairs}
    pairs = [pair for pair in pairs if pair.direction == field]
    _check_numbered_one_to_n(session, pairs, field)
    index_of = {pair.pk: index for index, pair in enumerate(pairs)}
    board_numbers = list(session.boards.order_by("number").values_list("number", flat=True))
    scores: dict[int, list[int | None]] = {number: [None] * len(pairs) for number in board_numbers}
    notes: list[str] = []
    for row in rows:
        ns_score, note = _field_score(row, label)
        if note and (row.ns_pair_id in index_of or row.ew_pair_id in index_of):
            notes.append(note)
        if row.ns_pair_id in index_of:
            scores[row.board_number][index_of[row.ns_pair_id]] = ns_score
        elif row.ew_pair_id in index_of and ns_score is not None:
            scores[row.board_number][index_of[row.ew_pair_id]] = -ns_score
    score_file = ScoreFile(
        pairs=tuple(LegacyPair(pair.number, pair.names) for pair in pairs),
        boards=tuple(tuple(scores[number]) for number in board_numbers),
    )
    return LegacyExport(score_file, tuple(notes))


def session_score_file(session: Session, direction: str | None = None) -> ScoreFile:
    """Return the session's scores of one field as a ``ScoreFile`` (see the module docstring)."""
    return session_legacy_export(session, direction).score_file


def session_score_file_text(session: Session, direction: str | None = None) -> str:
    """Return the session's scores of one field written in the legacy format."""
    return session_legacy_export(session, direction).text


def _field_score(row: _Row, label: dict[int, str]) -> tuple[int | None, str]:
    """Return the NS score the file holds for a result, and a note when it is not the result itself."""
    table = f"Board {row.board_number}, {label[row.ns_pair_id]}"
    if row.ew_pair_id is not None:
        table += f" v {label[row.ew_pair_id]}"
    if row.ns_adjustment:
        given = f"{Adjustment(row.ns_adjustment).label} / {Adjustment(row.ew_adjustment).label}"
        return None, (
            f"{table}: artificial adjusted score ({given}) written as not played (----); a legacy "
            "score file holds no percentages."
        )
    if row.assigned is not None:
        mean = Assigned.of(*((part["weight"], part["ns_score"]) for part in row.assigned)).mean_score()
        return mean, (
            f"{table}: assigned score written as its weighted mean, {mean:+d} to North-South; a legacy "
            "score file holds no weights, so its report matchpoints it as one score."
        )
    return row.ns_score, ""


def _field_direction(session: Session, direction: str | None, rows: list[_Row]) -> str:
    """Return the direction of the pairs to export, or refuse a session that has no one field."""
    if session.is_mitchell:
        direction = direction or Direction.NS
        if direction not in (Direction.NS, Direction.EW):
            raise ExportError(
                _("Export the NS or the EW field of a Mitchell, not %(direction)r.")
                % {"direction": direction}
            )
        return direction
    if direction:
        raise ExportError(_("A Howell has one field: export it without a direction."))
    if any(row.ew_pair_id is not None for row in rows):
        raise ExportError(
            _(
                "Session %(id)d is a Howell with played results: its pairs sat both North-South "
                "and East-West, so their scores do not form the one field a legacy score file holds."
            )
            % {"id": session.pk}
        )
    return ""


def _check_numbered_one_to_n(session: Session, pairs: list[Pair], field: str) -> None:
    if field:
        where = _("the %(field)s field of session %(id)d") % {"field": field, "id": session.pk}
    else:
        where = _("session %(id)d") % {"id": session.pk}
    if not pairs:
        raise ExportError(_("There are no pairs in %(where)s to export.") % {"where": where})
    numbers = [pair.number for pair in pairs]
    if numbers != list(range(1, len(pairs) + 1)):
        raise ExportError(
            _(
                "The pairs of %(where)s are numbered %(numbers)s; a legacy"
                " score file numbers them 1 to %(count)d."
            )
            % {"where": where, "numbers": _brief(numbers), "count": len(pairs)}
        )


def _brief(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:8]))
    return shown + (", ..." if len(numbers) > 8 else "")
