"""Read a teams round's results match by match: each board at both tables, its IMPs, the totals.

A teams round's session (``Movement.TEAMS``) holds ordinary results; the table a result
was played at is its North-South pair's (pair 2t-1 sits NS at table t,
``bridge.teams_tables``), and a match is two tables. The scorecard and the rescoring of
the matches (``services.teams_tables``) both read the results here, in one query.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.bridge.adjusted import Assigned
from tournaments.bridge.teams.scoring import board_a_match, match_victory_points
from tournaments.bridge.teams.tables import (
    BoardImps,
    MatchTotals,
    TableEntry,
    board_figures,
    match_of_table,
    match_tables,
    match_totals,
)
from tournaments.night.models import Result, Session
from tournaments.teams.models import TeamMatch, TeamsRound, TeamsScoring


@dataclass
class BoardAtTables:
    """One board of a match: what each table scored (None until entered) and the home team's IMPs."""

    number: int
    results: list[Result | None] = field(default_factory=lambda: [None, None])

    @property
    def figures(self) -> BoardImps:
        return board_figures(*(table_entry(result) for result in self.results))

    @property
    def board_a_match(self) -> tuple[float, float] | None:
        """Board-a-match points (home, away) once both tables have a plain score."""
        scores = [
            result.ns_score for result in self.results if result is not None and result.ns_score is not None
        ]
        if len(scores) < len(self.results):
            return None
        return board_a_match(*scores)


def table_entry(result: Result | None) -> TableEntry:
    """Return what a table's result counts as in the match: a score, an assigned or an artificial score."""
    if result is None:
        return None
    if result.ns_adjustment:
        return (result.ns_adjustment, result.ew_adjustment)
    if result.assigned is not None:
        return Assigned.of(*((part["weight"], part["ns_score"]) for part in result.assigned))
    return result.ns_score


def session_match_boards(
    session: Session, boards: int, *, match: int | None = None
) -> dict[int, list[BoardAtTables]]:
    """Return, for each match of the round's session, its boards 1..``boards`` at both tables (one query).

    ``match`` reads that match's two tables alone (a table's phone asks for its own).
    """
    matches: dict[int, list[BoardAtTables]] = {}
    results = Result.objects.filter(board__session=session)
    if match is not None:
        results = results.filter(ns_pair__number__in=[2 * table - 1 for table in match_tables(match)])
    results = results.select_related("board", "ns_pair", "ew_pair").order_by(
        "board__number", "ns_pair__number"
    )
    for result in results:
        table = (result.ns_pair.number + 1) // 2
        match = match_of_table(table)
        rows = matches.setdefault(match, [BoardAtTables(number) for number in range(1, boards + 1)])
        if 1 <= result.board.number <= boards:
            rows[result.board.number - 1].results[(table + 1) % 2] = result
    return matches


def match_boards(
    match: TeamMatch, by_match: dict[int, list[BoardAtTables]], boards: int
) -> list[BoardAtTables]:
    return by_match.get(match.table) or [BoardAtTables(number) for number in range(1, boards + 1)]


@dataclass(frozen=True)
class MatchFigures:
    """A match worked out from its boards: IMPs so far, VPs (or board-a-match points), boards complete."""

    totals: MatchTotals
    home_vp: float | None
    away_vp: float | None


def match_figures(
    match: TeamMatch, boards: list[BoardAtTables], *, scoring: str, boards_per_match: int
) -> MatchFigures:
    """Return a match's IMPs and VPs over its complete boards, after the director's penalties."""
    totals = match_totals(board.figures for board in boards)
    if not totals.boards_complete:
        return MatchFigures(totals, None, None)
    if scoring == TeamsScoring.BOARD_A_MATCH:
        points = [board.board_a_match for board in boards if board.board_a_match is not None]
        home = sum(point[0] for point in points) - match.home_vp_penalty
        away = sum(point[1] for point in points) - match.away_vp_penalty
        return MatchFigures(totals, home, away)
    home_vp, away_vp = match_victory_points(
        totals.home_imps,
        totals.away_imps,
        boards_per_match,
        home_imp_penalty=match.home_imp_penalty,
        away_imp_penalty=match.away_imp_penalty,
        home_vp_penalty=match.home_vp_penalty,
        away_vp_penalty=match.away_vp_penalty,
    )
    return MatchFigures(totals, home_vp, away_vp)


@dataclass(frozen=True)
class Scorecard:
    match: TeamMatch
    boards: list[BoardAtTables]
    figures: MatchFigures


def match_scorecard(match: TeamMatch) -> Scorecard:
    """Return one match's scorecard: each board at both tables with its IMPs, and the match's figures."""
    event = match.round.event
    session = match.round.session
    boards = event.boards_per_match
    by_match = session_match_boards(session, boards) if session is not None else {}
    rows = match_boards(match, by_match, boards)
    figures = match_figures(match, rows, scoring=event.scoring, boards_per_match=boards)
    return Scorecard(match, rows, figures)


def round_scorecards(teams_round: TeamsRound) -> list[Scorecard]:
    """Return the scorecards of a round's matches (byes aside) in table order: the live grid (two queries)."""
    event = teams_round.event
    boards = event.boards_per_match
    session = teams_round.session
    by_match = session_match_boards(session, boards) if session is not None else {}
    cards = []
    for match in teams_round.matches.exclude(away=None).select_related("home", "away").order_by("table"):
        rows = match_boards(match, by_match, boards)
        cards.append(
            Scorecard(match, rows, match_figures(match, rows, scoring=event.scoring, boards_per_match=boards))
        )
    return cards
