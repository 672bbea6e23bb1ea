"""Rank the pairs and write their standings, in place: only the rows whose figures changed.

A pair's percentage is the mean of its board percentages (SPEC decision 8); IMP-pairs
standings rank by IMPs a board (total IMPs / boards played). Equal figures share a
place, shown ``3=``.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.bridge.matchpoints import places
from tournaments.db.sql import update_rows
from tournaments.night.live.sql.rows import STANDING_FIELDS, StandingRow
from tournaments.night.live.sql.scoring import pair_sums, pairs_and_stored_standings
from tournaments.night.models import Session, Standing
from tournaments.night.services.scoring.board import average_plus_rescore
from tournaments.night.services.scoring.totals import moved_totals, summed_totals


def session_recalculate_standings(
    session: Session, *, moves: dict[int, list] | None = None
) -> list[StandingRow]:
    """Bring the session's standings in step with the stored matchpoints, updating them in place.

    A pair's percentage is the mean of its board percentages (SPEC decision 8); each
    Mitchell direction is ranked on its own, a Howell (and a Mitchell with an arrow
    switch, which gives one winner) as one field. A pair with no
    result yet stands at 0 boards and 0%. Boards holding an Average-plus are rescored
    first, as the pairs' percentages on their other boards may have moved.

    The totals are summed by the database, or, given the ``moves`` of a settle of new
    results (``scores_settle_locked``), moved from the stored standings: summing every
    result of the session was the largest cost of an entry. The moves are used only
    where the stored rows are whole: every pair has one, none is a stray, and no board
    holds an Average-plus (whose figures follow every other board). The places are worked
    out here; only the rows whose figures changed are written (a missing one created),
    and a standing whose pair left the session is deleted. Returns every pair's standing,
    by field.
    """
    pairs, stored, strays, average_plus = pairs_and_stored_standings(session.pk)
    if moves is not None and not strays and not average_plus and len(stored) == len(pairs):
        totals = moved_totals(stored, moves)
    else:
        if average_plus:  # rescore its boards first, as the other boards' figures may have moved
            average_plus_rescore(session)
        totals = summed_totals(pair_sums(session.pk))
    by_field: dict[str, list[StandingRow]] = defaultdict(list)
    one_field, by_imps = session.ranks_one_field, session.is_imps
    for pair, direction in pairs:
        matchpoints, percentage_sum, played, total_score, imps = totals.get(pair, (0.0, 0.0, 0, 0, 0.0))
        percentage = percentage_sum / played if played else 0.0
        figures = (0, False, matchpoints, percentage, played, total_score, imps if by_imps else None)
        by_field["" if one_field else direction].append(StandingRow(None, pair, *figures))
    standings: list[StandingRow] = []
    for entries in by_field.values():
        _ranked(entries, by_imps=by_imps)
        standings.extend(entries)
    if strays:  # standings filed under this session for pairs that are not in it
        Standing.objects.filter(session=session).exclude(pair__session=session).delete()
    _standings_write(session, standings, stored)
    return standings


def _ranked(entries: list[StandingRow], *, by_imps: bool) -> None:
    """Give each standing its place in its field (equal figures share one, ``3=``).

    The figure is the percentage, or in IMP pairs the IMPs a board. Only pairs that have
    played a board are placed (issue 24, point 13): one that has not has no figure to
    compare, so it is filed after them all, untied, and the pages show it unranked.
    """
    played = [entry for entry in entries if entry.boards_played]
    figures = [(entry.imps_per_board or 0.0) if by_imps else entry.percentage for entry in played]
    for standing, place in zip(played, places(figures), strict=True):
        standing.rank, standing.tied = place.rank, place.tied
    for standing in entries:
        if not standing.boards_played:
            standing.rank, standing.tied = len(played) + 1, False


def _standings_write(session: Session, standings: list[StandingRow], stored: dict[int, tuple]) -> None:
    """Write the standings whose figures differ from the ``stored`` ones; create the missing ones."""
    changed = []
    for standing in standings:
        before = stored.get(standing.pair_id)
        if before is not None:
            standing.pk = before[0]
        if before is None or standing.figures() != before[1:]:
            changed.append(standing)
    update_rows(Standing, [standing for standing in changed if standing.pk is not None], STANDING_FIELDS)
    new = [standing.model(session) for standing in changed if standing.pk is None]
    if new:
        # An upsert: a pair's row somehow filed under another session is moved back here.
        fields = [*STANDING_FIELDS, "session"]
        Standing.objects.bulk_create(new, update_conflicts=True, unique_fields=["pair"], update_fields=fields)
