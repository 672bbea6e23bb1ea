"""A board of a teams round as the director reads it: each table's result in its match, with the swing.

A teams round's session scores its pairs by Butler, so its results also carry
matchpoints, percentages and Butler IMPs against the room; none of them is what the
teams score. What counts is the board's swing between the match's two tables
(``bridge.teams_tables.board_figures``), so the director's board page shows that, from
each table's North-South side, and nothing until the other table has the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.bridge.teams.tables import board_figures, match_of_table, match_tables
from tournaments.night.models import Movement, Result, Session
from tournaments.teams.models import TeamMatch
from tournaments.teams.selectors.scorecard import table_entry


@dataclass(frozen=True)
class TeamsBoardRow:
    """A table's result on the board: its match, the teams sitting NS and EW, and what each gains."""

    result: Result
    match: int
    table: int
    ns_team: str
    ew_team: str
    ns_imps: float | None
    ew_imps: float | None


def result_table(result: Result) -> int:
    """The table a teams round's result was played at: pair 2t-1 sits NS at table t."""
    return (result.ns_pair.number + 1) // 2


def teams_board_rows(session: Session, results: list[Result]) -> list[TeamsBoardRow] | None:
    """Return a teams round's board results table by table with the match's swing; None for another session.

    ``results`` are the board's results with their pairs (``director.board_results``);
    one query reads the round's matches and teams.
    """
    if session.movement != Movement.TEAMS:
        return None
    matches = {
        match.table: match
        for match in TeamMatch.objects.filter(round__session=session, away__isnull=False).select_related(
            "home", "away"
        )
    }
    by_table = {result_table(result): result for result in results}
    rows = []
    for result in sorted(results, key=lambda result: (result_table(result), result.pk)):
        table = result_table(result)
        number = match_of_table(table)
        first, second = match_tables(number)
        figures = board_figures(table_entry(by_table.get(first)), table_entry(by_table.get(second)))
        home_ns = table == first  # the home team sits NS at the match's first table
        match = matches.get(number)
        home = match.home.name if match else ""
        away = match.away.name if match and match.away else ""
        rows.append(
            TeamsBoardRow(
                result=result,
                match=number,
                table=table,
                ns_team=home if home_ns else away,
                ew_team=away if home_ns else home,
                ns_imps=figures.home if home_ns else figures.away,
                ew_imps=figures.away if home_ns else figures.home,
            )
        )
    return rows
