"""Read a Bridgemate file's tables into a ``BwsFile``: its session, sections, movement,
players, results and hand records.

The tables come as columns, whoever read the Access file (``tables``); every section is
read, so a session of several sections can take them all, and an import of one takes
the section the director chooses (``BwsFile.section``).

- **Session** (``Session``: name, date, GUID): a file without the table (older BCS) is
  named "Bridgemate", dated by its first result, and known by that name and date.
- **Sections** (``Section``): the letter, the tables. A section is a Mitchell when a pair
  number sits both North-South and East-West in one round (NS 1 meets EW 1), as each
  field is numbered from 1; otherwise one field (a Howell).
- **The movement** (``RoundData``): each table's pairs and boards round by round.
- **Players** (``PlayerNumbers``): a table's seat in a round is a pair of the movement
  (round 0 is the start, before round 1); a seat entered again later is taken as
  re-entered, the latest entry counting.
- **Results** (``ReceivedData``): see ``results``.
- **Hand records** (``HandRecord``, when the director loaded them): a row with every suit
  empty is a board not dealt; ``10`` or ``T`` for the ten.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.bws.results import read_results
from tournaments.bridge.formats.bws.tables import Row, Tables, table_rows
from tournaments.bridge.formats.bws.values import (
    BwsDeal,
    BwsError,
    BwsFile,
    BwsPlayer,
    BwsResult,
    BwsRound,
    BwsSection,
    PairKey,
)

ROUND_COLUMNS = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
PLAYER_COLUMNS = ("Section", "Table", "Round", "Direction", "Number", "Name")
SECTION_COLUMNS = ("ID", "Letter", "Tables")
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
_SUIT_COLUMNS = ("Spades", "Hearts", "Diamonds", "Clubs")
_HAND_COLUMNS = tuple(f"{seat}{suit}" for seat in SEATS.values() for suit in _SUIT_COLUMNS)
UNNAMED_SESSION = "Bridgemate"


def read_bws(tables: Tables) -> BwsFile:
    """Read every section of the file; raise ``BwsError`` naming the table, row and column at fault."""
    rounds = _read_rounds(tables)
    results = read_results(tables)
    deals = _read_deals(tables)
    sections = []
    for row in table_rows(tables, "Section", SECTION_COLUMNS):
        section_id = row.number("ID")
        section_rounds = tuple(rounds.get(section_id, ()))
        section_results = tuple(results.get(section_id, ()))
        mitchell = _is_mitchell(section_rounds, section_results)
        sections.append(
            BwsSection(
                id=section_id,
                letter=row.text("Letter"),
                tables=row.number("Tables"),
                is_mitchell=mitchell,
                rounds=section_rounds,
                players=_read_players(tables, section_id, section_rounds, mitchell),
                results=section_results,
                deals=tuple(deals.get(section_id, ())),
            )
        )
    if not sections:
        raise BwsError("table Section is empty: the file holds no section")
    _check_sections_known(sections, rounds, results)
    name, date, guid = _read_session(tables, results)
    return BwsFile(name=name, date=date, guid=guid, sections=tuple(sections))


def _read_session(
    tables: Tables, results: dict[int, list[BwsResult]]
) -> tuple[str, datetime.date | None, str]:
    rows = list(table_rows(tables, "Session", ("Date", "Name"), required=False))
    if rows:
        row = rows[0]
        name = row.text("Name") or UNNAMED_SESSION
        date = row.date("Date")
        guid = row.text("GUID") if "GUID" in row.values else ""
    else:
        name, date, guid = UNNAMED_SESSION, _first_result_date(tables), ""
    # A file without a GUID is known by its name and date: the same file read again is found.
    return name, date, guid or f"{name}|{date.isoformat() if date else ''}"


def _first_result_date(tables: Tables) -> datetime.date | None:
    if "DateLog" not in tables.get("ReceivedData", {}):
        return None
    dates = [row.date("DateLog") for row in table_rows(tables, "ReceivedData", ("DateLog",))]
    known = [date for date in dates if date is not None]
    return min(known) if known else None


def _check_sections_known(
    sections: list[BwsSection], rounds: dict[int, list[BwsRound]], results: dict[int, list[BwsResult]]
) -> None:
    known = {section.id for section in sections}
    for table, found in (("RoundData", rounds), ("ReceivedData", results)):
        strangers = sorted(set(found) - known)
        if strangers:
            raise BwsError(f"table {table} names section {strangers[0]}, which table Section does not hold")


def _read_rounds(tables: Tables) -> dict[int, list[BwsRound]]:
    rounds: dict[int, list[BwsRound]] = {}
    seen: set[tuple[int, int, int]] = set()
    for row in table_rows(tables, "RoundData", ROUND_COLUMNS):
        section, table, round_ = row.number("Section"), row.number("Table"), row.number("Round")
        if (section, table, round_) in seen:
            raise row.refuse("Round", f"table {table} has two rows for round {round_}")
        seen.add((section, table, round_))
        low, high = row.number("LowBoard"), row.number("HighBoard")
        if high < low:
            raise row.refuse("HighBoard", f"boards {low} to {high} run backwards")
        rounds.setdefault(section, []).append(
            BwsRound(table, round_, row.number("NSPair", 0), row.number("EWPair", 0), low, high)
        )
    for found in rounds.values():
        found.sort(key=lambda seating: (seating.round, seating.table))
    return rounds


def _is_mitchell(rounds: Iterable[BwsRound], results: Iterable[BwsResult]) -> bool:
    """Whether a pair number sits North-South and another pair of that number East-West in one round."""
    seatings: dict[int, tuple[set[int], set[int]]] = {}
    for round_, ns, ew in [(row.round, row.ns, row.ew) for row in rounds] + [
        (result.round, result.ns_pair, result.ew_pair) for result in results
    ]:
        north_south, east_west = seatings.setdefault(round_, (set(), set()))
        north_south.add(ns)
        east_west.add(ew)
    return any((north_south & east_west) - {0} for north_south, east_west in seatings.values())


def _read_players(
    tables: Tables, section_id: int, rounds: tuple[BwsRound, ...], mitchell: bool
) -> tuple[BwsPlayer, ...]:
    seated = {(row.table, row.round): row for row in rounds}
    rows = [row for row in table_rows(tables, "PlayerNumbers", PLAYER_COLUMNS, required=False)]
    rows = [row for row in rows if row.number("Section") == section_id]
    players: dict[tuple[PairKey, str], BwsPlayer] = {}
    for row in sorted(rows, key=lambda row: (row.number("Round", 0), row.index)):
        player = _player(row, seated, mitchell)
        if player is not None:
            players[(player.pair, player.seat)] = player  # a seat entered again: the latest counts
    return tuple(players.values())


def _player(row: Row, seated: dict[tuple[int, int], BwsRound], mitchell: bool) -> BwsPlayer | None:
    table, round_ = row.number("Table"), row.number("Round", 0)
    seat = row.text("Direction").upper()
    if seat not in SEATS:
        raise row.refuse("Direction", f"a seat is N, E, S or W, not {seat!r}")
    number, name = row.text("Number"), row.text("Name")
    seating = seated.get((table, max(round_, 1)))
    if seating is None or not (number or name) or number == "0":
        return None  # a seat nobody entered, or a table the movement does not have
    north_south = seat in "NS"
    pair_number = seating.ns if north_south else seating.ew
    if pair_number == 0:
        return None
    direction = ("NS" if north_south else "EW") if mitchell else ""
    where = f"PlayerNumbers row {row.index} (table {table}, round {round_}, {SEATS[seat]})"
    return BwsPlayer((direction, pair_number), seat, number, name, where)


def _read_deals(tables: Tables) -> dict[int, list[BwsDeal]]:
    deals: dict[int, list[BwsDeal]] = {}
    seen: set[tuple[int, int]] = set()
    for row in table_rows(tables, "HandRecord", ("Section", "Board", *_HAND_COLUMNS), required=False):
        section, board = row.number("Section"), row.number("Board")
        hands = [_hand(row, seat) for seat in SEATS.values()]
        if not any(hand.strip(".") for hand in hands):
            continue  # a board not dealt
        if (section, board) in seen:
            raise row.refuse("Board", f"board {board} has two hand records")
        seen.add((section, board))
        try:
            deal = Deal.from_pbn("N:" + " ".join(hands))
        except ValueError as error:
            raise row.refuse("Board", f"board {board}'s hands are not a deal: {error}") from None
        # Written as ClubScore writes a hand (ranks high first, T for the ten), whatever BCS's order.
        written = (deal.north.pbn(), deal.east.pbn(), deal.south.pbn(), deal.west.pbn())
        deals.setdefault(section, []).append(BwsDeal(board, *written))
    return deals


def _hand(row: Row, seat: str) -> str:
    suits = []
    for suit in _SUIT_COLUMNS:
        column = f"{seat}{suit}"
        holding = "".join(row.text(column).split()).upper().replace("10", "T").strip("-")
        if not holding.isascii() or not holding.isalnum() and holding:
            raise row.refuse(column, f"{holding!r} is not a suit's cards")
        suits.append(holding)
    return ".".join(suits)
