"""Work out one board's figures from its results, in memory: matchpoints, Neuberg, IMPs, adjusted scores.

Below services and selectors (it imports only the models, ``db`` and ``bridge``): the
settle rescores boards with it and writes what changed (``services.scoring.board``), and
a table's traveller works its board out with it before the settle comes
(``board_scored_unsaved``), writing nothing. Decisions (issue 11, also in docs/decisions.md):

- **Neuberg for a short board.** A board with fewer results than the session's full
  board (``full``), or with adjusted scores, is scored by ``bridge.adjusted.adjusted_board``:
  its real results are matchpointed among themselves and scaled by Neuberg's formula to
  the full board's top, so percentages are over the full top and a pair is not punished
  because fewer tables played the board. ``full`` None is the legacy rule (each board
  over its own results), for a session imported from a legacy score file.
- A board with artificial adjusted scores: the artificial results take the club's
  percentages; an assigned (weighted) score is matchpointed as each of its scores against
  the other real results, weighted (Law 12C1c).
- **Figures an imported file stated for a result stand** (``Result.stated_ns_percentage``:
  a Compscore director's hand-set line, an ``A5050`` given 23 and 11 of 40): that result's
  own figures are the file's, the others are scored as always (``adjusted.with_stated``).
- **Average-plus is the pair's session percentage when that is higher** (Law 12C2): the
  session percentage used is the pair's mean over its boards *without* an artificial
  score (``played_percentages``). In IMP pairs Average-plus stays +3 IMPs.
- In IMP pairs an artificial score is worth +3 / 0 / -3 IMPs (Average-plus / Average /
  Average-minus, Law 12C2) and is left out of the other results' comparisons; an assigned
  score's IMPs, and the others' IMPs against it, are the weighted mean over its scores
  (``bridge.adjusted.assigned_imps``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from django.db.models import Count

from tournaments.bridge import adjusted
from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import BoardMatchpoints, board_matchpoints
from tournaments.core.models import Club
from tournaments.night.live.sql.rows import RESULT_FIGURES, Scorable
from tournaments.night.models import Adjustment, Pair, Result, ScoringMethod, SectionScoring, Session

# IMPs an artificial adjusted score gives its side in IMP pairs (Law 12C2).
ADJUSTMENT_IMPS = {"A+": 3.0, "A": 0.0, "A-": -3.0}

# A result's matchpoints and percentages (NS, EW) when it has none to work out.
_NO_FIGURES: tuple[None, None, None, None] = (None, None, None, None)

# One board's results: all models (a table's traveller) or all plain rows (the settle).
_Results = TypeVar("_Results", bound=Scorable)


def board_scored_unsaved(session: Session, results: list[Result]) -> None:
    """Give one board's ``results`` the figures the next settle will store, without writing them.

    A table sees its board's traveller (and its own percentage) right after its entry,
    while the session's rescoring waits for the sends to pause (``services.settle_soon``).
    Working the one board out in memory costs a read, where settling would rescore every
    marked board and the standings under the session's lock, in the middle of the burst
    it waits for. Neuberg's full count is the larger of the session's last and this
    board's own, as the settle will find it (unless a result was deleted elsewhere since).
    """
    full = None if session.source_sha256 else max(session.scored_full_count or 0, len(results))
    played = played_percentages(session) if holds_average_plus(results) else {}
    sections = section_view(session, counts=False)
    board_scored(session, results, full=full, played=played, percentages=[], sections=sections)


def holds_average_plus(results: Sequence[Scorable]) -> bool:
    """Whether any of the board's results gives a side Average-plus (its figure follows the pairs')."""
    return any(Adjustment.AVERAGE_PLUS in (r.ns_adjustment, r.ew_adjustment) for r in results)


def board_scored(
    session: Session,
    results: Sequence[_Results],
    *,
    full: int | None,
    played: dict[int, float],
    percentages: list[adjusted.AdjustmentPercentages],
    datum: int | None = None,
    sections: SectionView | None = None,
) -> list[_Results]:
    """Give one board's ``results`` their figures (in memory); return those whose figures changed.

    ``full`` is the session's full board count (None: no Neuberg beyond the board's own),
    ``played`` maps pair id -> its percentage without artificial scores (Average-plus),
    ``percentages`` caches the club's A+/A- across boards (read on the first need),
    ``datum`` is the board's stored Butler datum (``Board.butler_datum``; None: its own),
    ``sections`` a session matchpointed within each section (``section_view``; None:
    across the field, every result of the board compared, as a session of one section).
    """
    if sections is not None and sections.by_pair:
        return _board_scored_by_section(
            session, results, sections, played=played, percentages=percentages, datum=datum, full=full
        )
    figures = _board_figures(session, results, full=full, played=played, percentages=percentages)
    ns_imps, ew_imps = _board_imps(session, results, datum)
    changed = []
    for result, figure, ns, ew in zip(results, figures, ns_imps, ew_imps, strict=True):
        # No figures for a result without a score (the rules' None), which a stored one always has.
        new = (*(figure if figure is not None else _NO_FIGURES), ns, ew)
        if new != tuple(getattr(result, field) for field in RESULT_FIGURES):
            for field, value in zip(RESULT_FIGURES, new, strict=True):
                setattr(result, field, value)
            changed.append(result)
    return changed


@dataclass(frozen=True)
class SectionView:
    """What scoring within each section needs: pair id -> its section, section -> its full board count."""

    by_pair: dict[int, int]
    full: dict[int, int] = field(default_factory=dict)


def section_view(session: Session, *, counts: bool = True) -> SectionView | None:
    """The sections' view for a session matchpointed within each section; None for across the field.

    ``counts``: also each section's fullest board (Neuberg's full top in the section), one
    grouped query more.
    """
    if session.section_scoring != SectionScoring.SECTION:  # across the field, or one section
        return None
    by_pair = dict(
        Pair.objects.filter(session=session, section__isnull=False).values_list("pk", "section_id")
    )
    if not by_pair:
        return None
    full: dict[int, int] = {}
    if counts:
        rows = (
            Result.objects.filter(board__session=session, ns_pair__section__isnull=False)
            .order_by()
            .values_list("board_id", "ns_pair__section_id")
            .annotate(count=Count("pk"))
        )
        for _board, section, count in rows:
            full[section] = max(full.get(section, 0), count)
    return SectionView(by_pair, full)


def _board_scored_by_section(
    session: Session,
    results: Sequence[_Results],
    sections: SectionView,
    *,
    full: int | None,
    played: dict[int, float],
    percentages: list[adjusted.AdjustmentPercentages],
    datum: int | None,
) -> list[_Results]:
    """Score a board section by section: each section's results compared among themselves only.

    A section's full top (Neuberg) is its own fullest board; without one known (a table's
    traveller before the settle) the board's own count in the section.
    """
    groups: dict[int | None, list[_Results]] = defaultdict(list)
    for result in results:
        groups[sections.by_pair.get(result.ns_pair_id)].append(result)
    changed: list[_Results] = []
    for section, group in groups.items():
        section_full = None if full is None else max(sections.full.get(section or 0, 0), len(group))
        changed += board_scored(
            session, group, full=section_full, played=played, percentages=percentages, datum=datum
        )
    return changed


def _board_figures(
    session: Session,
    results: Sequence[Scorable],
    *,
    full: int | None,
    played: dict[int, float],
    percentages: list[adjusted.AdjustmentPercentages],
) -> list[BoardMatchpoints | None]:
    """Score one board's results; ``percentages`` caches the club's A+/A- (read on the first need)."""
    short = full is not None and len(results) < full
    if not short and not any(result.is_adjusted or result.is_assigned for result in results):
        figures = board_matchpoints([result.ns_score for result in results])
    else:
        if not percentages:
            club = Club.objects.only("average_plus", "average_minus").get(pk=session.club_id)
            percentages.append(
                adjusted.AdjustmentPercentages(plus=club.average_plus, minus=club.average_minus)
            )
        entries = [_entry(result, played) for result in results]
        figures = adjusted.adjusted_board(entries, full=full, percentages=percentages[0])
    return _with_stated(figures, results, full=full)


def _with_stated(
    figures: list[BoardMatchpoints | None], results: Sequence[Scorable], *, full: int | None
) -> list[BoardMatchpoints | None]:
    """The board's figures, with the ones an imported file stated for a result in place of its own.

    Another scorer's director may have set a line's matchpoints by hand (a Compscore file,
    ``Result.stated_ns_percentage``); the other results keep theirs. The top is the
    board's, as it was scored: the larger of its results and the session's full board.
    """
    stated = [
        None
        if result.stated_ns_percentage is None or result.stated_ew_percentage is None
        else (result.stated_ns_percentage, result.stated_ew_percentage)
        for result in results
    ]
    if not any(stated):
        return figures
    return adjusted.with_stated(figures, stated, top=max(len(results), full or 0) - 1)


def _entry(result: Scorable, played: dict[int, float]) -> adjusted.Entry:
    """The rules package's view of one stored result."""
    if result.is_adjusted:
        return adjusted.Artificial(
            adjusted.Adjustment(result.ns_adjustment),
            adjusted.Adjustment(result.ew_adjustment),
            played.get(result.ns_pair_id),
            played.get(result.ew_pair_id) if result.ew_pair_id is not None else None,
        )
    if result.is_assigned:
        return result.assigned_score
    return result.ns_score


def _board_imps(
    session: Session, results: Sequence[Scorable], datum: int | None
) -> tuple[list[float | None], list[float | None]]:
    """Return the NS and EW IMPs of each result (all None in a matchpoint session).

    Butler scores against ``datum`` where the board stores one (an imported file's).
    """
    if not session.is_imps:
        return [None] * len(results), [None] * len(results)
    method = cross_imps if session.scoring == ScoringMethod.CROSS_IMPS else partial(butler_imps, datum=datum)
    entries: list[int | adjusted.Assigned | None] = [
        None if result.is_adjusted else result.assigned_score if result.is_assigned else result.ns_score
        for result in results
    ]
    scores = [entry for entry in entries if not isinstance(entry, adjusted.Assigned)]
    if len(scores) < len(entries):  # an assigned score among them
        played: list[float | None] = adjusted.assigned_imps(entries, method)
    else:
        played = [None if imps is None else float(imps) for imps in method(scores)]
    ns_imps: list[float | None] = []
    ew_imps: list[float | None] = []
    for result, imps in zip(results, played, strict=True):
        if result.is_adjusted:
            ns_imps.append(ADJUSTMENT_IMPS[result.ns_adjustment])
            ew_imps.append(ADJUSTMENT_IMPS[result.ew_adjustment])
        else:  # a scored result's IMPs (the rules give None only for a result without a score)
            ns_imps.append(imps)
            ew_imps.append(None if imps is None else -imps)
    return ns_imps, ew_imps


def played_percentages(session: Session) -> dict[int, float]:
    """Pair id -> mean percentage over its boards without an artificial score (Law 12C2's A+)."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    rows = Result.objects.filter(board__session=session, ns_adjustment="").values_list(
        "ns_pair_id", "ew_pair_id", "ns_percentage", "ew_percentage"
    )
    for ns_pair, ew_pair, ns_pct, ew_pct in rows:
        for pair, pct in ((ns_pair, ns_pct), (ew_pair, ew_pct)):
            if pair is not None and pct is not None:
                sums[pair][0] += pct
                sums[pair][1] += 1
    return {pair: total / count for pair, (total, count) in sums.items()}
