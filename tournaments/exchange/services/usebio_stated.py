"""Keep the matchpoints a Compscore file's director set by hand, so the pairs' figures are the file's.

Compscore's pair totals are the sums of its lines' stated matchpoints (docs/decisions.md,
"Other scorers' figures"), and its director sets some of them by hand: every artificial
line's (usually 60, 50 or 40% of the top, but an ``A5050`` may be given 23 and 11 of 40,
and Law 12C2's "the session percentage when higher" is not applied), and any played
line's (a -650 given 21 and 19 where the score earns 19 and 21). ClubScore keeps such
figures as the result's stated percentages (``Result.stated_ns_percentage``), which the
scoring gives that line in place of its own; the board's other results are scored as
always. Each kept figure that is not what ClubScore's own scoring gives is noted for
the director, with both. A played line is taken as set by hand only when it differs by
more than the file's rounding (a tenth of a matchpoint) while most of its board agrees.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.formats.usebio import MATCHPOINTS, UsebioEvent
from tournaments.bridge.formats.usebio.conventions import (
    file_figure,
    full_top,
    is_compscore,
    is_scorer,
    scorer_board_figures,
)
from tournaments.exchange.services.usebio_differences import MATCHPOINT_TOLERANCE, LineResult
from tournaments.night.models import Board, Result
from tournaments.night.services.scoring.settle import scores_pending


@dataclass(frozen=True)
class _Figures:
    """A line of the file with the percentages it states and the ones ClubScore gave it."""

    line_result: LineResult
    result: Result  # as the settle left it
    stated: tuple[float, float]
    own: tuple[float, float]
    top: float  # the board's top in the file

    @property
    def differs(self) -> bool:
        """Whether either side is off ClubScore's by more than the file's rounding (a tenth)."""
        tolerance = MATCHPOINT_TOLERANCE * 100 / self.top
        return any(abs(mine - theirs) > tolerance for mine, theirs in zip(self.own, self.stated, strict=True))


def stated_keep(event: UsebioEvent, lines: list[LineResult]) -> list[str]:
    """Keep the figures a Compscore file's director set by hand; note each that ClubScore's own differ from.

    Run after the import's settle, so ClubScore's own figures (Law 12C2's Average-plus
    over the pair's other boards included) are known. Every artificial line keeps the
    file's figures. A played line keeps them where they differ from ClubScore's while
    most of its board's played lines agree: a line set by hand. Where most of a board
    differs, the file scored the board otherwise, and the differences are listed instead.
    Each kept line's board is marked, for the caller to settle again.
    """
    if not is_compscore(event) or event.event_type != MATCHPOINTS:
        return []
    figures = _figures(event, lines)
    played: dict[int, list[bool]] = defaultdict(list)
    for figure in figures:
        if figure.line_result.line.adjusted is None:
            played[id(figure.line_result.board)].append(figure.differs)
    notes = []
    for figure in figures:
        board = played[id(figure.line_result.board)]
        hand_set = figure.differs and 2 * sum(board) < len(board)
        if figure.line_result.line.adjusted is not None or hand_set:
            _keep(figure.result, figure.stated, figure.line_result.result.board)
            if figure.differs:
                notes.append(_note(figure))
    return notes


def _figures(event: UsebioEvent, lines: list[LineResult]) -> list[_Figures]:
    """Each line's stated and own percentages, for the lines that state both sides' matchpoints."""
    full = full_top(event)
    stored = Result.objects.in_bulk([line.result.pk for line in lines])
    figures = []
    for line_result in lines:
        line, result = line_result.line, stored[line_result.result.pk]
        if line.ns_points is None or line.ew_points is None or result.ns_percentage is None:
            continue
        compared = line.adjusted is None  # a played line; an artificial figure is not scaled
        ns = file_figure(event, line_result.board, line.ns_points, compared=compared, full=full)
        ew = file_figure(event, line_result.board, line.ew_points, compared=compared, full=full)
        if ns is None or ew is None:
            continue
        own = (result.ns_percentage, result.ew_percentage or 0.0)
        figures.append(_Figures(line_result, result, (ns.percentage, ew.percentage), own, ns.top))
    return figures


def _note(figure: _Figures) -> str:
    line = figure.line_result.line
    what = line.adjusted.code if line.adjusted else _("result") if line.ns_score is None else line.ns_score
    return _(
        "%(where)s: the file's director gave this %(what)s NS %(ns)s and EW %(ew)s matchpoints of %(top)s"
        " (%(ns_pct)s%% and %(ew_pct)s%%), where ClubScore gives"
        " %(own_ns)s%% and %(own_ew)s%%; the file's are kept."
    ) % {
        "where": figure.line_result.where,
        "what": what,
        "ns": f"{line.ns_points:g}",
        "ew": f"{line.ew_points:g}",
        "top": f"{figure.top:g}",
        "ns_pct": f"{figure.stated[0]:.2f}",
        "ew_pct": f"{figure.stated[1]:.2f}",
        "own_ns": f"{figure.own[0]:.2f}",
        "own_ew": f"{figure.own[1]:.2f}",
    }


def _keep(result: Result, stated: tuple[float, float], board: Board) -> None:
    """Store the stated percentages (within 0-100) and mark the result's ``board`` for the import's settle."""
    result.stated_ns_percentage, result.stated_ew_percentage = (min(100.0, max(0.0, pct)) for pct in stated)
    result.save(update_fields=["stated_ns_percentage", "stated_ew_percentage"])
    scores_pending(board)


def scorer_stated_keep(event: UsebioEvent, lines: list[LineResult]) -> list[str]:
    """Keep the figures a Scorer file's pair totals count, where ClubScore's own differ; note each board.

    Scorer ranks its pairs by totals that are not its travellers' sums where a board holds
    an artificial line, and scores a line by the score its director typed
    (``conventions.scorer_board_figures``). So that every pair's percentage is the file's,
    each line whose figure there is off ClubScore's by more than the file's rounding keeps
    it as the result's stated percentages; a note names each board so kept. Run after the
    import's settle; the kept lines' boards are marked for the caller to settle again.
    """
    if not is_scorer(event) or event.event_type != MATCHPOINTS:
        return []
    by_number: dict[int, list[LineResult]] = defaultdict(list)
    for line_result in lines:
        by_number[line_result.board.number].append(line_result)
    stored = Result.objects.in_bulk([line.result.pk for line in lines])
    kept_boards = []
    for number, board_lines in sorted(by_number.items()):
        figures = scorer_board_figures([line.line for line in board_lines])
        top = 2 * (len(board_lines) - 1)
        kept = 0
        for line_result, figure in zip(board_lines, figures, strict=True):
            result = stored[line_result.result.pk]
            if figure is None or result.ns_percentage is None:
                continue
            own = (result.ns_percentage, result.ew_percentage or 0.0)
            tolerance = MATCHPOINT_TOLERANCE * 100 / top if top else 0.0
            if any(abs(mine - theirs) > tolerance for mine, theirs in zip(own, figure, strict=True)):
                _keep(result, figure, line_result.result.board)
                kept += 1
        if kept:
            kept_boards.append(
                ngettext(
                    "Board %(number)d: %(kept)d line keeps the figures Scorer's pair totals count (its typed "
                    "score, or each artificial score a tie with the others), where ClubScore's own differ.",
                    "Board %(number)d: %(kept)d lines keep the figures Scorer's pair totals count (its typed "
                    "score, or each artificial score a tie with the others), where ClubScore's own differ.",
                    kept,
                )
                % {"number": number, "kept": kept}
            )
    return kept_boards
