"""How the scorer that wrote a USEBIO file figured its matchpoints, so an import can keep to it.

ClubScore scores its own nights its own way; a file from another scorer states figures
that scorer worked out by its own conventions. Compscore's (the ABF clubs' scorer,
decided from its files in Cobalt's tests, docs/decisions.md "Other scorers' figures"):

- **A board's top** is 2 for each other line on the board: the traveller's NS and EW
  matchpoints of a played line add up to it (``board_top``).
- **A board with artificial lines** (``A6040``) is factored: its real results are
  matchpointed among themselves and scaled to the board's top by Neuberg's formula, each
  line's figure rounded to a tenth, as ClubScore does (no difference to reproduce).
- **A board played at fewer tables** than the others is written on its own top (5
  results: top 8), unfactored; the pairs' totals use it scaled by Neuberg to the full
  top, as ClubScore does (``points_on_full_top`` puts the file's figure on that scale).
- **An artificial line's matchpoints are what its director gave**, stated on the line:
  usually 60/50/40% of the top, but any figure (an ``A5050`` given 23 and 11 of 40), and
  Law 12C2's "the pair's session percentage when higher" is not applied to them; and
  a played line's matchpoints may be set by hand too (a -650 given 21 and 19 where it
  earns 19 and 21). The pairs' totals are the sums of the lines' stated figures
  (``exchange.services.usebio_stated`` keeps them; ``file_figure`` reads them).
- **A pair's percentage** is its total over the boards it played (unrounded factored
  figures, written to two decimals) over the tops of those boards: the mean of its
  board percentages, as ClubScore's.

New Zealand's Scorer (decided from its real file of three sections, scorer-to-usebio's
``multi-section-multi-movement-pairs``, whose 66 pair totals it reproduces to the
matchpoint; docs/decisions.md, "Sections"):

- **Sections are matchpointed across the field**: every line of a board, all sections,
  2 a pair beaten and 1 a tie, by the line's ``SCORE`` as the file writes it (its
  director may have typed a score its contract does not make).
- **A pair's totals are not its traveller lines' sum on a board with artificial lines.**
  The travellers show such a board factored (Neuberg, as Compscore and ClubScore), but
  the totals, and so the percentages and places, count each artificial line as a tie
  with every played line (1 more a line, the top 2 for each other line, artificial ones
  included) and give an artificial line the percentages it writes (``A6040``: 60 and
  40, Law 12C2's "the session percentage when higher" not applied): ``scorer_board_figures``.
  (The totals it writes as ``match_points`` are whole numbers; its percentages are not
  rounded from them.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from tournaments.bridge.formats.usebio.values import TravellerLine, UsebioBoard, UsebioEvent
from tournaments.bridge.matchpoints import neuberg

COMPSCORE = "compscore"
SCORER = "scorer"


def is_compscore(event: UsebioEvent) -> bool:
    """Whether Compscore wrote the file (``PROGRAM_NAME`` ``Compscore3``, ``Compscore 2``...)."""
    return event.program.strip().lower().startswith(COMPSCORE)


def is_scorer(event: UsebioEvent) -> bool:
    """Whether New Zealand's Scorer wrote the file (``PROGRAM_NAME`` ``Scorer``)."""
    return event.program.strip().lower().startswith(SCORER)


def scorer_board_figures(lines: Sequence[TravellerLine]) -> list[tuple[float, float] | None]:
    """Each line's (NS, EW) percentage as Scorer's pair totals count it (the module docstring).

    ``lines`` are every line of one board across the field; None for one not played.
    Played lines are compared by the file's scores, each artificial line a tie with
    every one of them; an artificial line's figures are the percentages it writes.
    """
    results = [
        line for line in lines if line.played and (line.adjusted is not None or line.ns_score is not None)
    ]
    played = Counter(line.ns_score for line in results if line.adjusted is None)
    artificial = len(results) - played.total()
    top = 2 * (len(results) - 1)
    below: dict[int | None, int] = {}
    beaten = 0
    for score in sorted(score for score in played if score is not None):
        below[score] = 2 * beaten + played[score] - 1 + artificial
        beaten += played[score]
    counted = {id(line) for line in results}
    figures: list[tuple[float, float] | None] = []
    for line in lines:
        if id(line) not in counted or top <= 0:
            figures.append(None)
        elif line.adjusted is not None:  # its percentages as written (60% of 64 is 38.4)
            figures.append((float(line.adjusted.ns_percentage), float(line.adjusted.ew_percentage)))
        else:
            ns = below[line.ns_score]
            figures.append((ns * 100 / top, (top - ns) * 100 / top))
    return figures


def board_top(board: UsebioBoard) -> float | None:
    """The board's top on the file's scale: NS plus EW matchpoints of its played lines.

    An adjusted line's two sides need not add up to it (Average-plus to both), so the
    played lines decide; the commonest sum, in case one line was weighted by hand. None
    when no played line gives both sides' points.
    """
    sums = Counter(
        line.ns_points + line.ew_points
        for line in board.lines
        if line.adjusted is None and line.ns_points is not None and line.ew_points is not None
    )
    return sums.most_common(1)[0][0] if sums else None


def full_top(event: UsebioEvent) -> float | None:
    """The event's full top: the largest board top (the boards played at every table)."""
    tops = [top for top in map(board_top, event.boards) if top is not None]
    return max(tops, default=None)


def points_on_full_top(points: float, *, top: float, full: float) -> float:
    """Put a figure written on a short board's own ``top`` on the ``full`` top, by Neuberg's formula.

    Compscore writes a board played at fewer tables unfactored; its totals (and ClubScore)
    scale it: with 2 a pair beaten, n = top / 2 + 1 results and N = full / 2 + 1, the
    figure becomes (points + 1) x N / n - 1 (``matchpoints.neuberg`` in 1-a-pair units).
    """
    if top >= full or top <= 0:
        return points
    return 2 * neuberg(points / 2, results=round(top / 2) + 1, full=round(full / 2) + 1)


class FileFigure(NamedTuple):
    """A line's matchpoints as the file writes them, and as a percentage on ClubScore's scale."""

    points: float  # as written, on the board's top
    top: float  # the board's top the file writes them on
    percentage: float  # of the full top, where Compscore wrote a short board unfactored
    full_points: float | None  # Compscore's short board: the points put on the full top


def file_figure(
    event: UsebioEvent, board: UsebioBoard, points: float, *, compared: bool, full: float | None
) -> FileFigure | None:
    """The file's figure for one side of a line, on the scale ClubScore scores it on; None without a top.

    ``compared`` is a played line's (an artificial figure is a percentage whatever the top,
    and is not scaled). The top is the board's (``board_top``), or in a Compscore file
    where no line was played 2 for each other line.
    """
    top = board_top(board)
    if top is None and is_compscore(event):
        top = 2 * (len(board.lines) - 1)
    if not top or top <= 0:
        return None
    if compared and is_compscore(event) and full is not None and top < full:
        on_full = points_on_full_top(points, top=top, full=full)
        return FileFigure(points, top, on_full * 100 / full, on_full)
    return FileFigure(points, top, points * 100 / top, None)
