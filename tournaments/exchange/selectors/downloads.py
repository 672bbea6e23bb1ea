"""The public tables as downloads: a session's standings, a board's traveller, a competition, an event.

Each reads the selector its page reads and carries what the page shows, as the page
shows it: the names the public pages print (initials for a player who asked for them),
the figures rounded as printed. Figures are numbers and text is text, so the writers
(``exchange.spreadsheets``) can keep scores summable and names inert.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.defaultfilters import floatformat
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.bridge.formats.spreadsheet_cells import Cell, figure
from tournaments.bridge.matchpoints import on_scale
from tournaments.bridge.strata import stratum_name
from tournaments.exchange.selectors.hand_records import session_pbn_filename
from tournaments.exchange.spreadsheets import Table
from tournaments.federation.selectors.handicaps import handicap_tables
from tournaments.federation.selectors.pages import session_awards
from tournaments.federation.selectors.strata import strata_tables
from tournaments.night.models import Board, Pair, Result, Session, Standing
from tournaments.night.selectors.individual import individual_places
from tournaments.night.selectors.public import StandingsTable, board_traveller, session_standings
from tournaments.night.selectors.rounds import RoundsProgress, rounds_progress
from tournaments.night.selectors.sections import section_standings
from tournaments.season.models import Competition, Event
from tournaments.season.selectors.competitions import CompetitionRow, competition_standings
from tournaments.season.selectors.events import EventRow, event_standings


def _pair_cell(pair: Pair) -> Cell:
    """A Howell's pair is a number; a Mitchell's is ``3 NS``, as the pages print it."""
    return pair.label if pair.direction else pair.number


def _rank_cell(rank: int, tied: bool) -> Cell:
    """A place is a number; a shared place prints as the pages do, ``3=``."""
    return f"{rank}=" if tied else rank


# --- A session's standings ----------------------------------------------------------------------


def standings_table(session: Session) -> Table:
    """Every field's standings of the session, whole (the page shows a congress a page at a time),
    with what the page shows beside them: section places, each stratum's places, the
    handicapped figures and places, and the master points (issue 45, item 5)."""
    if session.is_individual:
        return _individual_standings_table(session)
    progress = rounds_progress(session, public=True)
    if progress is not None:
        return _rounds_standings_table(progress)
    tables = session_standings(session)
    fields = len(tables) > 1
    figures = ["IMPs", "IMPs/board"] if session.is_imps else ["MP", "%"]
    beside = _beside_columns(session, tables)
    header = (["Field"] if fields else []) + ["Rank", "Pair", "Names", *figures, "Boards"]
    header += [name for columns in beside for name in columns.header]
    rows = [
        _field_cells(table.title, fields)
        + _standing_row(standing, session.is_imps, _scale(session))
        + [cell for columns in beside for cell in columns.cells(standing.pair.label)]
        for table in tables
        for standing in table.standings
    ]
    return Table("Standings", header, rows)


def _individual_standings_table(session: Session) -> Table:
    """An individual's players by their own place, as its pages rank them (its pairs are one-round
    partnerships); a player who has played no board yet has no place and no figures."""
    rows: list[list[Cell]] = []
    for line in individual_places(session):
        played = line.boards > 0 and line.percentage is not None
        figures: list[Cell] = [None, None]
        if played:
            figures = [_matchpoints(line.matchpoints, _scale(session)), figure(line.percentage, 2)]
        rank = _rank_cell(line.place, line.tied) if played else None
        rows.append([rank, line.number, line.player.public_name, *figures, line.boards])
    return Table("Standings", ["Rank", "Player", "Name", "MP", "%", "Boards"], rows)


@dataclass(frozen=True)
class _Columns:
    """Columns beside the standings, their cells by the pair's label (one pair's, in a session)."""

    header: list[str]
    by_pair: dict[str, list[Cell]]

    def cells(self, label: str) -> list[Cell]:
        return self.by_pair.get(label, [None] * len(self.header))


def _beside_columns(session: Session, tables: list[StandingsTable]) -> list[_Columns]:
    """What the session's page shows beside its standings, each only where the page shows it."""
    found = [
        _section_columns(session),
        _strata_columns(session, tables),
        _handicap_columns(session, tables),
        _award_columns(session),
    ]
    return [columns for columns in found if columns is not None]


def _place_cell(text: str) -> Cell:
    """A place as the pages print it: a number, ``3=`` when shared, nothing when unplaced."""
    return int(text) if text.isdigit() else (text or None)


def _section_columns(session: Session) -> _Columns | None:
    if not session.has_sections:
        return None
    by_pair: dict[str, list[Cell]] = {}
    for table in section_standings(session):
        for standing in table.standings:
            place = _rank_cell(standing.rank, standing.tied) if standing.is_ranked else None
            letter = standing.pair.section.letter if standing.pair.section else None
            by_pair[standing.pair.label] = [letter, place]
    return _Columns(["Section", "Section rank"], by_pair)


def _strata_columns(session: Session, tables: list[StandingsTable]) -> _Columns | None:
    """The pair's stratum, and its place in each stratum below A (A's is the overall rank)."""
    if not session.is_stratified:
        return None
    strata = [stratum_name(number) for number in range(1, len(session.strata_limits) + 1)]
    places: dict[str, dict[str, Cell]] = {}
    for stratum, table in zip(
        (name for name in strata for _table in tables),
        strata_tables(session, tables, public=True),
        strict=True,
    ):
        for row in table.rows:
            places.setdefault(row.label, {})[stratum] = _place_cell(row.place)
    by_pair = {
        standing.pair.label: [
            stratum_name(standing.pair.stratum or 0),
            *(places.get(standing.pair.label, {}).get(name) for name in strata),
        ]
        for table in tables
        for standing in table.standings
    }
    return _Columns(["Stratum", *(f"Rank in {name}" for name in strata)], by_pair)


def _handicap_columns(session: Session, tables: list[StandingsTable]) -> _Columns | None:
    """The pair's handicap, handicapped % and place, as the handicapped standings show them."""
    found = handicap_tables(session, tables, public=True)
    if not found:
        return None
    by_pair: dict[str, list[Cell]] = {
        row.label: [
            float(row.handicap),
            float(row.figure) if row.played else None,
            _place_cell(row.place),
        ]
        for table in found
        for row in table.rows
    }
    return _Columns(["Handicap", "Handicapped %", "Handicapped rank"], by_pair)


def _award_columns(session: Session) -> _Columns | None:
    """The master points each player of the pair was awarded, and the place that gave them."""
    awards = session_awards(session, public=True)
    if awards is None or not awards.rows:
        return None
    by_pair: dict[str, list[Cell]] = {
        row.label: [_place_cell(row.place), float(row.points)] for row in awards.rows
    }
    return _Columns(["Award place", "Master points"], by_pair)


def _rounds_standings_table(progress: RoundsProgress) -> Table:
    """A barometer's or a Swiss pairs' standings after its last published round, as its page shows them."""
    figures = (["VPs"] if progress.is_swiss else []) + ["IMPs" if progress.by_imps else "%"]
    header = ["Rank", "Pair", "Names", *figures, "Boards"]
    rows: list[list[Cell]] = []
    for row in progress.standings:
        vps: list[Cell] = [figure(row.vps, 2)] if progress.is_swiss else []
        rows.append(
            [row.place, _pair_cell(row.pair), row.pair.public_names, *vps, figure(row.figure, 2), row.boards]
        )
    return Table(f"Standings after round {progress.standings_after}", header, rows)


def _field_cells(title: str, fields: bool) -> list[Cell]:
    """The field's name, as a first column, when the session ranks two fields."""
    return [title] if fields else []


def _scale(session: Session) -> int:
    """The club's matchpoint scale (1 or 2 a pair beaten): the downloads print the pages' figures."""
    return session.club.matchpoint_scale or 1


def _matchpoints(matchpoints: float | None, scale: int) -> Cell:
    return figure(None if matchpoints is None else on_scale(matchpoints, scale), 1)


def _standing_row(standing: Standing, imps: bool, scale: int) -> list[Cell]:
    """A pair's line; a pair with no board played yet has no place and no figures."""
    ranked = standing.is_ranked
    if not ranked:
        figures: list[Cell] = [None, None]
    elif imps:
        figures = [figure(standing.imps, 2), figure(standing.imps_per_board, 2)]
    else:
        figures = [_matchpoints(standing.matchpoints, scale), figure(standing.percentage, 2)]
    rank = _rank_cell(standing.rank, standing.tied) if ranked else None
    pair = standing.pair
    return [rank, _pair_cell(pair), pair.public_names, *figures, standing.boards_played]


def standings_filename(session: Session) -> str:
    """``oxford-2026-11-23-monday-pairs-standings``: the club, the date, the session."""
    return f"{session_pbn_filename(session).removesuffix('.pbn')}-standings"


# --- A board's traveller ------------------------------------------------------------------------


def traveller_table(board: Board) -> Table:
    """Every result on the board, best North-South score first, as its page lists them."""
    imps = board.session.is_imps
    header = ["NS", "NS names", "EW", "EW names", "Contract", "By", "Lead", "Tricks", "Over/under"]
    header += ["NS score", *(["NS IMPs", "EW IMPs"] if imps else []), "NS MP", "EW MP", "NS %", "EW %"]
    scale = _scale(board.session)
    rows = [_result_row(result, imps, scale) for result in board_traveller(board)]
    return Table(f"Board {board.number}", header, rows)


def _result_row(result: Result, imps: bool, scale: int) -> list[Cell]:
    ew = result.ew_pair
    row: list[Cell] = [
        _pair_cell(result.ns_pair),
        result.ns_pair.public_names,
        None if ew is None else _pair_cell(ew),
        None if ew is None else ew.public_names,
        _contract_text(result),
        result.declarer,
        result.lead,
        result.tricks,
        _over_under(result.result_text),
        result.ns_score,
    ]
    if imps:
        row += [figure(result.ns_imps, 2), figure(result.ew_imps, 2)]
    row += [_matchpoints(result.ns_matchpoints, scale), _matchpoints(result.ew_matchpoints, scale)]
    return row + [figure(result.ns_percentage, 1), figure(result.ew_percentage, 1)]


def _contract_text(result: Result) -> str:
    """The contract as the traveller prints it: an adjusted or assigned score spelled out."""
    if result.is_adjusted or result.is_assigned:
        return result.display
    return "Pass" if result.is_passed_out else result.contract


def _over_under(text: str) -> int | None:
    """The tricks against the contract as a number (the page's ``=``, ``+1``, ``-2``): 0, 1, -2."""
    if not text:
        return None
    return 0 if text == "=" else int(text)


def traveller_filename(board: Board) -> str:
    """``oxford-2026-11-23-monday-pairs-board-7``."""
    base = session_pbn_filename(board.session).removesuffix(".pbn")
    return f"{base}-board-{board.number}"


# --- A season's competition ---------------------------------------------------------------------


def competition_table(competition: Competition) -> Table:
    """The competition's table from its finished sessions, as its page shows it."""
    shown = competition_standings(competition)
    header = ["Rank", "Player", _total_name(competition), "Played", "Counted", "Dropped"]
    return Table("Competition", header, [_competition_row(row) for row in shown.rows])


def _total_name(competition: Competition) -> str:
    return {"percentages": "%", "matchpoints": "MP"}.get(competition.method, "Points")


def _competition_row(row: CompetitionRow) -> list[Cell]:
    line = row.line
    rank = None if line.rank is None else _rank_cell(line.rank, line.tied)
    return [
        rank,
        row.player.public_name,
        figure(line.total, 2),
        line.played,
        _scores_text(row.counted),
        _scores_text(row.dropped),
    ]


def _scores_text(scores: list[tuple[Session, float]]) -> str:
    """``2026-11-03 55.20, 2026-11-10 60``: each session's date and its score, as printed."""
    return ", ".join(f"{session.date:%Y-%m-%d} {floatformat(score, '-2')}" for session, score in scores)


def competition_filename(competition: Competition) -> str:
    """``oxford-autumn-pairs``: the club and the competition."""
    return f"{competition.club.slug}-{slugify(competition.name) or 'competition'}"


# --- An event over several sessions ----------------------------------------------------------------


def event_table(event: Event) -> Table:
    """The event's ranking after its finished sessions, as its page shows it (a field column for a
    Mitchell whose pairs kept their direction)."""
    shown = event_standings(event)
    sessions = [_("Session %(number)d") % {"number": number} for number in range(1, len(shown.counted) + 1)]
    total = _("Total MP") if event.method == "matchpoints" else _("Mean %")
    header = [_("Field"), _("Rank"), _("Pair"), *sessions, total, _("Missed")]
    return Table(_("Event"), header, [_event_row(row) for row in shown.rows])


def _event_row(row: EventRow) -> list[Cell]:
    line = row.line
    rank = None if line.rank is None else _rank_cell(line.rank, line.tied)
    scores = [figure(score, 2) for score in line.scores]
    missed = ", ".join(str(number) for number in line.missed)
    return [str(line.field), rank, row.pair.public_names, *scores, figure(line.total, 2), missed]


def event_filename(event: Event) -> str:
    """``oxford-spring-pairs``: the club and the event."""
    return f"{event.club.slug}-{slugify(event.name) or 'event'}"
