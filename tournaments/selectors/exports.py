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

from tournaments.bridge.legacy import LegacyPair, ScoreFile, format_score_file
from tournaments.models import Direction, Pair, Result, Session


class ExportError(ValueError):
    """A session that cannot be written as a legacy score file; the message says why."""


def session_score_file(session: Session, direction: str | None = None) -> ScoreFile:
    """Return the session's scores of one field as a ``ScoreFile`` (see the module docstring)."""
    rows = list(
        Result.objects.filter(board__session=session)
        .order_by()
        .values_list("board__number", "ns_pair_id", "ew_pair_id", "ns_score")
    )
    field = _field_direction(session, direction, rows)
    adjusted = sorted({board_number for board_number, _, _, ns_score in rows if ns_score is None})
    if adjusted:
        raise ExportError(
            f"Session {session.pk} has artificial adjusted scores (board {_brief(adjusted)}); a legacy "
            "score file holds only scores."
        )
    pairs = list(
        Pair.objects.filter(session=session, direction=field)
        .select_related("player1", "player2")
        .order_by("number")
    )
    _check_numbered_one_to_n(session, pairs, field)
    index_of = {pair.pk: index for index, pair in enumerate(pairs)}
    board_numbers = list(session.boards.order_by("number").values_list("number", flat=True))
    scores = {number: [None] * len(pairs) for number in board_numbers}
    for board_number, ns_pair_id, ew_pair_id, ns_score in rows:
        if ns_pair_id in index_of:
            scores[board_number][index_of[ns_pair_id]] = ns_score
        elif ew_pair_id in index_of:
            scores[board_number][index_of[ew_pair_id]] = -ns_score
    return ScoreFile(
        pairs=tuple(LegacyPair(pair.number, pair.names) for pair in pairs),
        boards=tuple(tuple(scores[number]) for number in board_numbers),
    )


def session_score_file_text(session: Session, direction: str | None = None) -> str:
    """Return the session's scores of one field written in the legacy format."""
    return format_score_file(session_score_file(session, direction))


def _field_direction(session: Session, direction: str | None, rows: list[tuple]) -> str:
    """Return the direction of the pairs to export, or refuse a session that has no one field."""
    if session.is_mitchell:
        direction = direction or Direction.NS
        if direction not in (Direction.NS, Direction.EW):
            raise ExportError(f"Export the NS or the EW field of a Mitchell, not {direction!r}.")
        return direction
    if direction:
        raise ExportError("A Howell has one field: export it without a direction.")
    if any(ew_pair_id is not None for _, _, ew_pair_id, _ in rows):
        raise ExportError(
            f"Session {session.pk} is a Howell with played results: its pairs sat both North-South "
            "and East-West, so their scores do not form the one field a legacy score file holds."
        )
    return ""


def _check_numbered_one_to_n(session: Session, pairs: list[Pair], field: str) -> None:
    where = f"the {field} field of session {session.pk}" if field else f"session {session.pk}"
    if not pairs:
        raise ExportError(f"There are no pairs in {where} to export.")
    numbers = [pair.number for pair in pairs]
    if numbers != list(range(1, len(pairs) + 1)):
        raise ExportError(
            f"The pairs of {where} are numbered {_brief(numbers)}; a legacy score file numbers them 1 to "
            f"{len(pairs)}."
        )


def _brief(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:8]))
    return shown + (", ..." if len(numbers) > 8 else "")
