"""Where ClubScore's figures for an imported USEBIO session differ from the ones the file states.

Run inside the import's transaction, once ClubScore has scored every line. Each
difference names the board line or the pair and gives both figures; none is silent.

- **Scores**: each played line's North-South score.
- **Board figures**: matchpoints are compared on the file's own scale (Compscore and
  Scorer give 2 for each pair beaten, ClubScore 1): ClubScore's percentage of the line's
  top, the file's NS plus EW matchpoints. Cross-IMPs are compared as they are. Butler
  IMPs are stored against the file's own datum (``BOARD_AVERAGE``) where it gives one
  (``Board.butler_datum``), so they and the pairs' totals are the file's; a board whose
  sections give different datums keeps ClubScore's own, and that is a board difference.
- **Pairs**: the session percentage (matchpoints) or total IMPs, and the place. Scorer's
  handicap pairs state a ``PERCENTAGE`` that includes half the pair's ``HANDICAP`` (so on
  every pair of a real file), so ClubScore's figure has the same half added first.
  Places are ClubScore's figures (without a handicap: Scorer places its handicap pairs
  by their matchpoints, so on every pair of the real file), ranked as the file ranks
  (``WINNER_TYPE``: all pairs together, or each direction apart), and compared as
  numbers: ``2=`` and a repeated plain ``2`` are the same tie.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import (
    BUTLER,
    MATCHPOINTS,
    PairKey,
    TravellerLine,
    UsebioBoard,
    UsebioEvent,
)
from tournaments.bridge.formats.usebio.conventions import FileFigure, file_figure, full_top
from tournaments.bridge.imps import butler_datum, scaled_imp_total
from tournaments.bridge.matchpoints import places
from tournaments.night.models import Pair, Result, Session, Standing

# Files state percentages and IMPs to two decimals: a smaller gap is their rounding.
PERCENTAGE_TOLERANCE = 0.006
IMP_TOLERANCE = 0.006
# Matchpoints are stated to one decimal or more (Scorer truncates to one): a tenth is rounding.
MATCHPOINT_TOLERANCE = 0.1001


@dataclass(frozen=True)
class LineResult:
    """A traveller line of the file and the result ClubScore stored for it."""

    board: UsebioBoard
    line: TravellerLine
    where: str
    result: Result


def usebio_differences(
    session: Session, event: UsebioEvent, pairs: dict[PairKey, Pair], lines: list[LineResult]
) -> list[str]:
    """Return every difference between the file's figures and ClubScore's (module docstring)."""
    return line_differences(session, event, lines) + _pair_differences(session, event, pairs)


def line_differences(session: Session, event: UsebioEvent, lines: list[LineResult]) -> list[str]:
    """The boards' and lines' differences (a Butler datum, a score, the points), pairs or individual."""
    stored = Result.objects.in_bulk([line.result.pk for line in lines])
    differences = _board_differences(session, event, lines, stored)
    full = full_top(event)
    for line in lines:
        differences += _line_differences(event, line, stored[line.result.pk], full)
    return differences


def not_played_differences(lines: list[tuple[TravellerLine, str]]) -> list[str]:
    """Lines the file says were not played (no contract, no adjusted score) that it still gives points."""
    text = _(
        "%(where)s: not played (no contract, no adjusted score), yet the file gives NS %(ns)s and EW %(ew)s;"
        " ClubScore has no result there."
    )
    return [
        text % {"where": where, "ns": f"{line.ns_points or 0:g}", "ew": f"{line.ew_points or 0:g}"}
        for line, where in lines
        if line.ns_points or line.ew_points
    ]


def _board_differences(
    session: Session, event: UsebioEvent, lines: list[LineResult], stored: dict[int, Result]
) -> list[str]:
    if event.event_type != BUTLER:
        return []
    differences = []
    kept = dict(session.boards.values_list("number", "butler_datum"))  # the file's, where stored
    for board in event.boards:
        if board.datum is None:
            continue
        scores = [stored[line.result.pk].ns_score for line in lines if line.board is board]
        ours = kept.get(board.number)
        if ours is None:
            ours = butler_datum([score for score in scores if score is not None])
        if ours is not None and ours != board.datum:
            figures = {"board": board.number, "section": board.section, "theirs": board.datum, "ours": ours}
            if board.section:
                text = _(
                    "Board %(board)s of section %(section)s: the file's Butler"
                    " datum is %(theirs)s, ClubScore's %(ours)s."
                )
            else:
                text = _("Board %(board)s: the file's Butler datum is %(theirs)s, ClubScore's %(ours)s.")
            differences.append(text % figures)
    return differences


def _line_differences(
    event: UsebioEvent, line_result: LineResult, result: Result, full: float | None
) -> list[str]:
    line, where = line_result.line, line_result.where
    differences = []
    if line.adjusted is None and line.ns_score is not None and result.ns_score != line.ns_score:
        differences.append(
            _("%(where)s: the file scores NS %(theirs)s, ClubScore %(ours)s.")
            % {"where": where, "theirs": line.ns_score, "ours": result.ns_score}
        )
    if line.ns_points is None:
        return differences
    if event.event_type == MATCHPOINTS:
        return differences + _matchpoint_differences(event, line_result, result, full)
    ours_imps = result.ns_imps
    if ours_imps is not None and abs(ours_imps - line.ns_points) > IMP_TOLERANCE:
        if event.event_type == BUTLER:
            text = _("%(where)s: the file gives NS %(theirs)s Butler IMPs, ClubScore %(ours)s.")
        else:
            text = _("%(where)s: the file gives NS %(theirs)s cross-IMPs, ClubScore %(ours)s.")
        differences.append(
            text % {"where": where, "theirs": f"{line.ns_points:g}", "ours": f"{ours_imps:.2f}"}
        )
    return differences


def _matchpoint_differences(
    event: UsebioEvent, line_result: LineResult, result: Result, full: float | None
) -> list[str]:
    """The line's NS matchpoints against ClubScore's percentage, on the scale the file's scorer used.

    Compscore writes a board played at fewer tables on its own top, unfactored: its figure
    is put on the full top as its totals do (``conventions.file_figure``) before comparing.
    """
    line, where = line_result.line, line_result.where
    if line.ns_points is None or result.ns_percentage is None:
        return []
    figure = file_figure(
        event, line_result.board, line.ns_points, compared=line.adjusted is None, full=full
    ) or FileFigure(line.ns_points, line.ns_points + (line.ew_points or 0), 0.0, None)
    if figure.top <= 0:
        return []
    if figure.full_points is None:
        ours, theirs, top = result.ns_percentage * figure.top / 100, figure.points, figure.top
        scaled = ""
    else:
        top = full or figure.top
        ours, theirs = result.ns_percentage * top / 100, figure.full_points
        scaled = _(" (%(theirs)s of %(top)s on the full board)") % {
            "theirs": f"{theirs:.2f}",
            "top": f"{top:g}",
        }
    if abs(ours - theirs) <= MATCHPOINT_TOLERANCE:
        return []
    text = _(
        "%(where)s: the file gives NS %(theirs)s matchpoints of"
        " %(top)s%(scaled)s, ClubScore %(ours)s (%(percentage)s%%)."
    )
    figures = {
        "where": where,
        "theirs": f"{line.ns_points:g}",
        "top": f"{figure.top:g}",
        "scaled": scaled,
        "ours": f"{ours:.2f}",
        "percentage": f"{result.ns_percentage:.2f}",
    }
    return [text % figures]


def _figure(event: UsebioEvent, standing: Standing, handicap: float | None, field_boards: int = 0) -> float:
    """ClubScore's figure for a pair as the file states it: percentage (with half any handicap) or IMPs,
    scaled to the ``field_boards`` where the session scales them (``Session.imps_scaled``)."""
    if event.event_type != MATCHPOINTS:
        return scaled_imp_total(standing.imps or 0.0, standing.boards_played, field_boards)
    return standing.percentage + (handicap or 0) / 2


def _pair_differences(session: Session, event: UsebioEvent, pairs: dict[PairKey, Pair]) -> list[str]:
    standings = {
        standing.pair_id: standing
        for standing in Standing.objects.filter(pair__session=session, boards_played__gt=0)
    }
    ranked = [pair for pair in event.pairs if pair.key in pairs and pairs[pair.key].pk in standings]
    # Scaled to the field's boards only where the session says so; else each pair's raw sum.
    field = max((s.boards_played for s in standings.values()), default=0) if session.imps_scaled else 0
    figures = {
        pair.key: _figure(event, standings[pairs[pair.key].pk], pair.handicap, field) for pair in ranked
    }
    raw = {pair.key: _figure(event, standings[pairs[pair.key].pk], None, field) for pair in ranked}
    differences = []
    for pair in ranked:
        ours = figures[pair.key]
        stated = pair.percentage if event.event_type == MATCHPOINTS else pair.total_score
        unit = "%" if event.event_type == MATCHPOINTS else _(" IMPs")
        tolerance = PERCENTAGE_TOLERANCE if event.event_type == MATCHPOINTS else IMP_TOLERANCE
        if stated is not None and abs(stated - ours) > tolerance:
            with_handicap = (
                _(" (with half its handicap, %(half)s)") % {"half": f"{pair.handicap / 2:+.2f}"}
                if pair.handicap
                else ""
            )
            differences.append(
                _("Pair %(pair)s: the file gives %(theirs)s%(unit)s, ClubScore %(ours)s%(unit)s%(handicap)s.")
                % {
                    "pair": pair.label,
                    "theirs": f"{stated:.2f}",
                    "ours": f"{ours:.2f}",
                    "unit": unit,
                    "handicap": with_handicap,
                }
            )
    places_found = _places(event, ranked, raw)
    for pair in ranked:
        ours_place = places_found[pair.key]
        if pair.place is not None and pair.place != ours_place[0]:
            shown = f"{ours_place[0]}{'=' if ours_place[1] else ''}"
            differences.append(
                _("Pair %(pair)s: the file places it %(theirs)s, ClubScore %(ours)s.")
                % {"pair": pair.label, "theirs": pair.place, "ours": shown}
            )
    return differences


def _places(
    event: UsebioEvent, ranked: Iterable, figures: dict[PairKey, float]
) -> dict[PairKey, tuple[int, bool]]:
    """Rank ClubScore's figures in the file's fields: all together, or each direction apart."""
    fields: dict[str, list[PairKey]] = {}
    for pair in ranked:
        fields.setdefault(pair.direction if event.ranking == 2 else "", []).append(pair.key)
    found = {}
    for keys in fields.values():
        for key, place in zip(keys, places([figures[key] for key in keys]), strict=True):
            found[key] = (place.rank, place.tied)
    return found
