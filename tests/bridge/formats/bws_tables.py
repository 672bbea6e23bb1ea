"""Small Bridgemate nights as table columns, as the Access reader hands them over, for the rules' tests.

``night()`` is a 3-table Mitchell section A (3 rounds of 2 boards, ClubScore's own
layout), its players and one result a board and table unless told otherwise; rows are
plain dicts and ``tables()`` turns them into columns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tournaments.bridge.movements import mitchell

ROUND_COLUMNS = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard", "CustomBoards")
RECEIVED_COLUMNS = (
    "ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer", "NS/EW", "Contract", "Result",
    "LeadCard", "Remarks", "DateLog", "TimeLog", "Erased",
)  # fmt: skip
DEAL_1 = "N:AKQJ.T98.765.432 T987.765.432.AKQ 6543.432.AKQ.765 2.AKQJ.JT98.JT98"
NAMES = {
    ("NS", 1): ("Ann North", "Sue South"),
    ("NS", 2): ("Bob North", "Sam South"),
    ("NS", 3): ("Cy North", "Sal South"),
    ("EW", 1): ("Eve East", "Wes West"),
    ("EW", 2): ("Ed East", "Will West"),
    ("EW", 3): ("Em East", "Walt West"),
}


def columns(rows: Iterable[Mapping[str, Any]], names: Iterable[str]) -> dict[str, list[Any]]:
    rows = list(rows)
    return {name: [row.get(name) for row in rows] for name in names}


def mitchell_rounds(section: int = 1, tables: int = 3, boards_per_round: int = 2) -> list[dict[str, Any]]:
    """ClubScore's own Mitchell as BCS's RoundData rows."""
    return [
        {
            "Section": section,
            "Table": encounter.table,
            "Round": encounter.round,
            "NSPair": encounter.ns[1],
            "EWPair": encounter.ew[1],
            "LowBoard": min(encounter.boards),
            "HighBoard": max(encounter.boards),
        }
        for encounter in mitchell(tables, boards_per_round=boards_per_round).encounters
    ]


def players(section: int = 1, rounds: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every seat of round 1 entered at the start (round 0): NS 1's North is 1010, EW 1's East 1511."""
    rows = []
    for seating in rounds or mitchell_rounds(section):
        if seating["Round"] != 1:
            continue
        for seat, direction, pair in (
            ("N", "NS", "NSPair"),
            ("S", "NS", "NSPair"),
            ("E", "EW", "EWPair"),
            ("W", "EW", "EWPair"),
        ):
            names = NAMES[(direction, seating[pair])]
            name = names[0] if seat in "NE" else names[1]
            number = (
                1000 * section + 10 * seating[pair] + "NESW".index(seat) + (500 if direction == "EW" else 0)
            )
            rows.append(
                {"Section": section, "Table": seating["Table"], "Round": 0, "Direction": seat,
                 "Number": str(number), "Name": name}
            )  # fmt: skip
    return rows


def played(
    section: int = 1, rounds: list[dict[str, Any]] | None = None, first_id: int = 1
) -> list[dict[str, Any]]:
    """One result a table and board: 3NT by North, made (+1 at even tables), as the tables send them."""
    rows = []
    for seating in rounds or mitchell_rounds(section):
        for board in range(seating["LowBoard"], seating["HighBoard"] + 1):
            rows.append(
                received(
                    first_id + len(rows), section, seating["Table"], seating["Round"], board,
                    seating["NSPair"], seating["EWPair"], contract="3 NT", declarer="N",
                    result="+1" if seating["Table"] % 2 == 0 else "=",
                )
            )  # fmt: skip
    return rows


def received(
    row_id: int, section: int, table: int, round_: int, board: int, ns: int, ew: int, *,
    contract: str = "3 NT", declarer: str = "N", result: str = "=", lead: str = "", remarks: str = "",
    erased: bool = False,
) -> dict[str, Any]:  # fmt: skip
    return {
        "ID": row_id, "Section": section, "Table": table, "Round": round_, "Board": board,
        "PairNS": ns, "PairEW": ew, "Declarer": ns if declarer in "NS" else ew, "NS/EW": declarer,
        "Contract": contract, "Result": result, "LeadCard": lead, "Remarks": remarks,
        "DateLog": "2026-11-20 00:00:00", "TimeLog": "1899-12-30 20:00:00", "Erased": erased,
    }  # fmt: skip


def tables(
    *,
    sections: Iterable[tuple[int, str, int]] = ((1, "A", 3),),
    rounds: list[dict[str, Any]] | None = None,
    results: list[dict[str, Any]] | None = None,
    player_rows: list[dict[str, Any]] | None = None,
    hands: list[dict[str, Any]] | None = None,
    session: dict[str, Any] | None = None,
) -> dict[str, dict[str, list[Any]]]:
    """A Bridgemate file's tables as columns (section A's Mitchell night unless told otherwise)."""
    rounds = mitchell_rounds() if rounds is None else rounds
    found = {
        "Session": columns(
            [session or {"ID": 1, "Date": "2026-11-20 00:00:00", "Name": "Friday pairs", "GUID": "GUID-1"}],
            ("ID", "Date", "Name", "GUID"),
        ),
        "Section": columns(
            [{"ID": id_, "Letter": letter, "Tables": count} for id_, letter, count in sections],
            ("ID", "Letter", "Tables"),
        ),
        "RoundData": columns(rounds, ROUND_COLUMNS),
        "ReceivedData": columns(played() if results is None else results, RECEIVED_COLUMNS),
        "PlayerNumbers": columns(
            players() if player_rows is None else player_rows,
            ("Section", "Table", "Round", "Direction", "Number", "Name"),
        ),
    }
    if hands is not None:
        seats, suits = ("North", "East", "South", "West"), ("Spades", "Hearts", "Diamonds", "Clubs")
        hand_columns = ["Section", "Board"] + [f"{seat}{suit}" for seat in seats for suit in suits]
        found["HandRecord"] = columns(hands, hand_columns)
    return found


def hand_row(section: int, board: int, deal: str) -> dict[str, Any]:
    """A HandRecord row from a PBN deal ('N:AKQJ.T98.765.432 ...'), tens written 10 as BCS may."""
    row: dict[str, Any] = {"Section": section, "Board": board}
    for seat, hand in zip(("North", "East", "South", "West"), deal[2:].split(), strict=True):
        for suit, cards in zip(("Spades", "Hearts", "Diamonds", "Clubs"), hand.split("."), strict=True):
            row[f"{seat}{suit}"] = cards.replace("T", "10")
    return row
