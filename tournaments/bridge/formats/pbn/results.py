"""The results a PBN file carries: one game per table, or a board's [ScoreTable].

Scorers write a session's results two ways (both in the standard):

- one game per table (3.4): the same [Board] and [Deal] again for every table that
  played it, each game with its own [North]/[East]/[South]/[West], [Contract],
  [Declarer], [Result] (tricks taken) and often [Score]; pbntools' conversions of JFR
  Pary pages and BBO's traveller downloads are written so;
- one game per board with a [ScoreTable] section (5.9), one row per table:
  ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result``, ``Lead``,
  ``Score_NS``/``Score_EW``, with the names of the pairs in ``Names_NS``/``Names_EW`` or
  in the [TotalScoreTable] (5.10, ``PairId`` and ``Names``), as club scorers (Ruter, JFR
  Pary) publish barometers. Where a board has a ScoreTable, its per-table games repeat
  it (5.9: "the game still occurs as entry in the ScoreTable") and are not read again.

A row with no pair (``-``: a sit-out) is no result and is skipped; a row with an
artificial score (``-`` or ``?`` for the contract) is not read and is listed in the
file's ``skipped`` lines, for the director to give on the board page. ClubScore needs
pair numbers: a pair id or a partnership's name that is a number or a label with one
(``7``, ``Para-7``, ``Pair 7``) gives it; other partnerships are numbered by their
first appearance in the file. A section's pair (``A1``: ClubScore writes a session of
sections' pairs so) keeps its number within its section, the letter in ``PbnResults.sections``.

The [TotalScoreTable]'s rows (5.10) are read too (``PbnTotal``): each pair's
``TotalPercentage`` and ``TotalScoreMP`` as written, with its ``NrBoards`` where given,
for the import to compare with ClubScore's standings. Its ``Direction`` is kept only as
``NS`` or ``EW`` (ClubScore's own export names a Mitchell pair's field so, where NS 1 and
EW 1 share the id ``1``); Ruter writes the pair's last seat there, not its field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tournaments.bridge.formats.pbn.tags import Game, Section

PASS_CONTRACTS = {"PASS", "AP", "P", "PASSED"}
_UNKNOWN = {"", "-", "?"}
# A pair's label: "7", "Para-7", "Pair 7"; not a player's login such as "jdr9999".
_PAIR_LABEL = re.compile(r"(?:\D*[\s_-])?(\d{1,4})")
_SECTION_PAIR = re.compile(r"([A-Z])(\d{1,2})")
_SCORE_PART = re.compile(r"(NS|EW)\s+([+-]?\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class PbnResult:
    """One table's result of a board, as the file gives it; ``line`` is where it is written."""

    board: int
    ns_id: str
    ew_id: str
    ns_names: tuple[str, ...]
    ew_names: tuple[str, ...]
    contract: str  # 'Pass' or as written: '4SX', '3NT'
    declarer: str
    tricks: str  # tricks taken, as written
    lead: str
    ns_score: int | None  # what the file states, None when it does not
    line: int
    ns_percentage: str = ""  # the file's Percentage_NS, as written ('' when not given)


@dataclass(frozen=True)
class PbnTotal:
    """One pair's row of a [TotalScoreTable]: its totals as written ('' where the table has none)."""

    pair_id: str
    percentage: str  # TotalPercentage
    matchpoints: str  # TotalScoreMP
    boards: int | None  # NrBoards
    line: int
    direction: str = ""  # 'NS' or 'EW' where the table names the pair's field, else ''


@dataclass(frozen=True)
class PbnResults:
    """Every result of the file, the lines of those that cannot be entered, and the pair numbers."""

    results: tuple[PbnResult, ...]
    skipped: tuple[str, ...]
    numbers: dict[str, int]  # pair id -> ClubScore pair number (a section's pair: its number there)
    totals: tuple[PbnTotal, ...] = ()  # the [TotalScoreTable]'s rows, in file order
    sections: dict[str, str] = field(default_factory=dict)  # pair id 'A1' -> its section's letter 'A'


def split_names(text: str) -> tuple[str, ...]:
    """Split a partnership's ``<names>`` (5.9: ``'A;B'``; Ruter writes ``'A - B'``) into players."""
    for separator in (";", " - ", " & ", " and "):
        if separator in text:
            return tuple(name.strip() for name in text.split(separator) if name.strip())
    return (text.strip(),) if text.strip() else ()


def _partnership(first: str, second: str) -> tuple[str, tuple[str, ...]]:
    """A side's id and players from the two seats' names; one name for both seats is the pair's name.

    The id does not depend on who sat where: a partnership is the same pair as North and
    South at one table and as South and North, or East and West, at another.
    """
    first, second = first.strip(), second.strip()
    if first == second:
        return first, (first,) if first else ()
    names = tuple(name for name in (first, second) if name)
    return " - ".join(sorted(names, key=str.casefold)), names


def _state_score(text: str, declarer: str) -> int | None:
    """Read a [Score] (4.2.1: ``'NS 620'``, ``'EW 100'``, ``'NS 620 EW -620'`` or the declarer's)."""
    text = text.strip()
    parts = _SCORE_PART.findall(text)
    for side, points in parts:
        return int(points) if side.upper() == "NS" else -int(points)
    if re.fullmatch(r"[+-]?\d+", text) and declarer in ("N", "S", "E", "W"):
        return int(text) if declarer in ("N", "S") else -int(text)
    return None


def _game_result(game: Game, number: int) -> PbnResult | str | None:
    """A per-table game's result, a line saying why it cannot be read, or None for a hand record."""
    contract = game.value("contract")
    if contract in ("", "?"):
        return None
    line = game.tags["contract"].line
    ns_id, ns_names = _partnership(game.value("north"), game.value("south"))
    ew_id, ew_names = _partnership(game.value("east"), game.value("west"))
    if not ns_id or not ew_id:
        return f"line {line}: board {number}'s result names no players, so no pair to give it to"
    declarer = game.value("declarer").upper()
    return PbnResult(
        board=number,
        ns_id=ns_id,
        ew_id=ew_id,
        ns_names=ns_names,
        ew_names=ew_names,
        contract=contract,
        declarer=declarer,
        tricks=game.value("result"),
        lead="",
        ns_score=_state_score(game.value("score"), declarer),
        line=line,
    )


def _is_number(text: str) -> bool:
    return re.fullmatch(r"\d+(\.\d+)?", text) is not None


def _row_score(row: dict[str, str]) -> int | None:
    for column, sign in (("Score_NS", 1), ("Score_EW", -1)):
        value = row.get(column, "").lstrip("^")
        if re.fullmatch(r"[+-]?\d+", value):
            return sign * int(value)
    return None


def _table_results(section: Section, number: int, names: dict[str, str]) -> tuple[list[PbnResult], list[str]]:
    """Read a board's [ScoreTable] rows into results, with a line for each row not entered."""
    columns = [name for name, _, _ in section.columns]
    results, skipped = [], []
    for line, elements in section.rows:
        row = dict(zip(columns, elements, strict=False))
        ns_id, ew_id = row.get("PairId_NS", "-"), row.get("PairId_EW", "-")
        if ns_id in _UNKNOWN or ew_id in _UNKNOWN:
            continue  # a sit-out: one pair and no result
        contract = row.get("Contract", "")
        if contract in _UNKNOWN:
            stated = " ".join(row.get(column, "") for column in ("Score_NS", "Score_EW")).strip()
            skipped.append(
                f"line {line}: board {number}, pairs {ns_id} and {ew_id}: an artificial score ({stated})"
            )
            continue
        results.append(
            PbnResult(
                board=number,
                ns_id=ns_id,
                ew_id=ew_id,
                ns_names=split_names(row.get("Names_NS", "") or names.get(ns_id, "")),
                ew_names=split_names(row.get("Names_EW", "") or names.get(ew_id, "")),
                contract=contract,
                declarer=row.get("Declarer", "").upper(),
                tricks=row.get("Result", ""),
                lead="" if row.get("Lead", "-") in _UNKNOWN else row.get("Lead", ""),
                ns_score=_row_score(row),
                line=line,
                ns_percentage=row.get("Percentage_NS", "")
                if _is_number(row.get("Percentage_NS", ""))
                else "",
            )
        )
    return results, skipped


def _total_rows(games: list[Game]) -> list[tuple[int, dict[str, str]]]:
    """Every row of the file's [TotalScoreTable]s, as (line, column -> value)."""
    rows = []
    for game in games:
        section = game.sections.get("totalscoretable")
        if section is not None:
            columns = [name for name, _, _ in section.columns]
            rows += [(line, dict(zip(columns, elements, strict=False))) for line, elements in section.rows]
    return rows


def read_totals(games: list[Game]) -> tuple[PbnTotal, ...]:
    """The pairs' totals a [TotalScoreTable] states (a row without a pair id or a figure is left out)."""
    totals = []
    for line, row in _total_rows(games):
        pair_id = row.get("PairId", "")
        percentage = row.get("TotalPercentage", "") if _is_number(row.get("TotalPercentage", "")) else ""
        matchpoints = row.get("TotalScoreMP", "") if _is_number(row.get("TotalScoreMP", "")) else ""
        if pair_id in _UNKNOWN or not (percentage or matchpoints):
            continue
        boards = row.get("NrBoards", "")
        direction = row.get("Direction", "").upper()
        totals.append(
            PbnTotal(
                pair_id=pair_id,
                percentage=percentage,
                matchpoints=matchpoints,
                boards=int(boards) if boards.isdigit() else None,
                line=line,
                direction=direction if direction in ("NS", "EW") else "",
            )
        )
    return tuple(totals)


def _total_score_names(games: list[Game]) -> dict[str, str]:
    """PairId -> Names from every [TotalScoreTable] of the file."""
    names: dict[str, str] = {}
    for game in games:
        section = game.sections.get("totalscoretable")
        if section is None:
            continue
        columns = [name for name, _, _ in section.columns]
        for _, elements in section.rows:
            row = dict(zip(columns, elements, strict=False))
            if row.get("PairId") and row.get("Names"):
                names.setdefault(row["PairId"], row["Names"])
    return names


def pair_sections(results: list[PbnResult]) -> dict[str, str]:
    """The section of every pair id that names one (``A1``, as ClubScore writes a section's pair)."""
    ids = dict.fromkeys(pair for result in results for pair in (result.ns_id, result.ew_id))
    return {pair: found[1] for pair in ids if (found := _SECTION_PAIR.fullmatch(pair.strip()))}


def pair_numbers(results: list[PbnResult]) -> dict[str, int]:
    """Give every pair id a number: the one in its label, else the next free one in file order.

    A section's pair (``A1``) keeps its number in its section: A1 and B1 are both 1.
    """
    ids = list(dict.fromkeys(pair for result in results for pair in (result.ns_id, result.ew_id)))
    numbers: dict[str, int] = {}
    for pair in ids:
        found = _SECTION_PAIR.fullmatch(pair.strip())
        if found:
            numbers[pair] = int(found[2])
    for pair in ids:
        if pair in numbers:
            continue
        match = _PAIR_LABEL.fullmatch(pair.strip())
        if match and int(match[1]) >= 1 and int(match[1]) not in numbers.values():
            numbers[pair] = int(match[1])
    free = (number for number in range(1, 100_000) if number not in numbers.values())
    for pair in ids:
        if pair not in numbers:
            numbers[pair] = next(free)
    return numbers


def read_results(games: list[tuple[Game, int]], all_games: list[Game]) -> PbnResults:
    """Read the results of the file's board games (each with its board number)."""
    names = _total_score_names(all_games)
    tabled = {number for game, number in games if "scoretable" in game.sections}
    results: list[PbnResult] = []
    skipped: list[str] = []
    for game, number in games:
        if "scoretable" in game.sections:
            table_results, table_skipped = _table_results(game.sections["scoretable"], number, names)
            results += table_results
            skipped += table_skipped
        elif number not in tabled:
            result = _game_result(game, number)
            if isinstance(result, str):
                skipped.append(result)
            elif result is not None:
                results.append(result)
    return PbnResults(
        tuple(results), tuple(skipped), pair_numbers(results), read_totals(all_games), pair_sections(results)
    )
