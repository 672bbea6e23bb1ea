"""Write a session's hand records as PBN 2.1.

``% PBN 2.1`` then one game per board with [Event]/[Site]/[Date] when given, [Board],
[Dealer], [Vulnerable] (None, NS, EW, All), [Deal "N:..."], and when the double-dummy
analysis is known [DoubleDummyTricks] (20 hex digits: declarers N, S, E, W, each strains
NT, S, H, D, C), [OptimumScore "NS 420"], [ParContract] and the
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"] with one line per declarer
and strain in the same order, each column padded as its header says (``N NT  7``); then
par for a human reader in a comment, ``{Par: 2♥ by E or W, NS −110}``. A played
session's results follow as BridgeComposer and club scorers write them (5.9, 5.10): each
board's [ScoreTable] (``SCORE_TABLE_HEADER``, one row a table) and, in the last board's
game, the [TotalScoreTable] (``TOTAL_SCORE_TABLE_HEADER``, one row a pair). The file is UTF-8
and declares it on a ``%Content-type`` line, as BridgeComposer does. The export format's
seven-tag roster (players, contract, result) is left out: a hand record has none of it,
so the file declares no ``% EXPORT``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from tournaments.bridge.formats.pbn.tags import table_column
from tournaments.bridge.formats.pbn.values import (
    DD_DECLARERS,
    DD_STRAINS,
    PBN_VERSION,
    VULNERABLE_OUT,
    PbnBoard,
)
from tournaments.bridge.par import ParNotationError, par_text
from tournaments.bridge.seats import seat_from

OPTIMUM_RESULT_HEADER = "Declarer;Denomination\\2R;Result\\2R"
# The standard's column names (5.9, 5.10), in the order BridgeComposer and Ruter write them.
# Names_NS/Names_EW are on every row: in a Mitchell NS 1 and EW 1 are two pairs with one id.
SCORE_TABLE_HEADER = (
    "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;"
    "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R;"
    "Names_NS\\30L;Names_EW\\30L"
)
TOTAL_SCORE_TABLE_HEADER = (
    "Rank\\2R;PairId\\2R;Direction\\2L;TotalScoreMP\\6R;TotalPercentage\\6R;NrBoards\\2R;Names\\30L"
)
# The file is written in UTF-8 (a club's or a player's name may be anything) and says so
# as BridgeComposer does; readers that follow the standard would otherwise take ISO 8859-1.
CHARSET_LINE = "%Content-type: text/x-pbn; charset=UTF-8"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str, *, raw: bool = False) -> str:
    """Return a tag pair; ``raw`` keeps a table header's column widths (``\\2R``) as the spec writes them."""
    return f'[{name} "{value if raw else _quote(value)}"]'


def double_dummy_hex(dd_tricks: Mapping[str, Mapping[str, int]]) -> str:
    """Return the [DoubleDummyTricks] value: one hex digit per declarer (N, S, E, W) and strain."""
    return "".join(f"{dd_tricks[seat][strain]:x}" for seat in DD_DECLARERS for strain in DD_STRAINS)


_PAR_CONTRACT = re.compile(r"^(\d)(NT|[CDHS])([NESW])(x{0,2})", re.IGNORECASE)


def par_contract_pbn(par_contracts: str) -> str:
    """Return the [ParContract] value from ClubScore's par text: ``'2NTE=, 2NTW='`` -> ``'EW 2NT'``.

    PBN names the side (or seat) and the contract; ClubScore lists each declarer, so two
    declarers of one side with the same contract are written once, for the side.
    """
    by_contract: dict[str, list[str]] = {}
    for text in (part.strip() for part in par_contracts.split(",")):
        match = _PAR_CONTRACT.match(text)
        if match is None:
            continue
        contract = f"{match[1]}{match[2].upper()}{match[4].upper()}"
        by_contract.setdefault(contract, []).append(match[3].upper())
    parts = []
    for contract, seats in by_contract.items():
        side = seat_from(seats[0]).side
        whole_side = all(seat_from(seat).side == side for seat in seats) and len(set(seats)) == 2
        parts.append(f"{side if whole_side else ''.join(seats)} {contract}")
    return "; ".join(parts)


def _par_comment(board: PbnBoard) -> list[str]:
    """Return par for a reader, ``{Par: 2♥ by E or W, NS −110}``: the tags above are for programs."""
    try:
        return ["{Par: " + par_text(board.par_contracts, board.par_score) + "}"]
    except ParNotationError:
        return []


def table_lines(header: str, rows: Iterable[Iterable[str]]) -> list[str]:
    """Return a table's data lines, each element padded to its column's minimum width (5.2).

    ``Result\\2R`` right-aligns (`` 7``), ``\\5L`` left-aligns, a column without width
    is written as it is; elements are separated by one space, as export format asks.
    """
    columns = [table_column(part) for part in header.split(";") if part.strip()]
    lines = []
    for row in rows:
        cells = [
            value.rjust(width) if align == "R" else value.ljust(width)
            for value, (_, width, align) in zip(row, columns, strict=True)
        ]
        lines.append(" ".join(cells).rstrip())
    return lines


def _element(value: str) -> str:
    """A table element (5.2): ``-`` for nothing, a string token ``"..."`` for names with spaces."""
    if not value:
        return "-"
    if any(char.isspace() or char in '";{}[]' for char in value):
        return f'"{_quote(value)}"'
    return value


def _table(name: str, header: str, rows: Iterable[Mapping[str, str]]) -> list[str]:
    """A table section: its tag, then each row's values in the header's column order."""
    columns = [column for column, _, _ in (table_column(part) for part in header.split(";") if part.strip())]
    cells = [[_element(row.get(column, "")) for column in columns] for row in rows]
    return [_tag(name, header, raw=True), *table_lines(header, cells)]


def _board_lines(board: PbnBoard) -> list[str]:
    lines = [
        _tag("Board", str(board.number)),
        _tag("Dealer", board.dealer),
        _tag("Vulnerable", VULNERABLE_OUT[board.vulnerability]),
        _tag("Deal", board.deal.pbn(board.dealer)),
    ]
    if board.dd_tricks:
        lines.append(_tag("DoubleDummyTricks", double_dummy_hex(board.dd_tricks)))
    if board.par_score is not None:
        lines.append(_tag("OptimumScore", f"NS {board.par_score}"))
        if board.par_contracts:
            lines.append(_tag("ParContract", par_contract_pbn(board.par_contracts)))
        lines += _par_comment(board)
    if board.dd_tricks:
        lines.append(_tag("OptimumResultTable", OPTIMUM_RESULT_HEADER, raw=True))
        rows = [
            (seat, strain, str(board.dd_tricks[seat][strain]))
            for seat in DD_DECLARERS
            for strain in DD_STRAINS
        ]
        lines += table_lines(OPTIMUM_RESULT_HEADER, rows)
    if board.score_rows:
        lines += _table("ScoreTable", SCORE_TABLE_HEADER, board.score_rows)
    return lines


def write_pbn(
    boards: Iterable[PbnBoard],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    creator: str = "ClubScore",
    totals: Sequence[Mapping[str, str]] = (),
) -> str:
    """Return a PBN 2.1 file of ``boards``; ``date`` as PBN writes it (``'2026.11.23'``).

    ``totals`` are the pairs' rows of the [TotalScoreTable], written in the last board's game.
    """
    lines = [f"% PBN {PBN_VERSION}", CHARSET_LINE, f"% Creator: {creator}", ""]
    boards = list(boards)
    for index, board in enumerate(boards):
        if event:
            lines.append(_tag("Event", event))
        if site:
            lines.append(_tag("Site", site))
        if date:
            lines.append(_tag("Date", date))
        lines += _board_lines(board)
        if totals and index == len(boards) - 1:
            lines += _table("TotalScoreTable", TOTAL_SCORE_TABLE_HEADER, totals)
        lines.append("")
    return "\r\n".join(lines)
