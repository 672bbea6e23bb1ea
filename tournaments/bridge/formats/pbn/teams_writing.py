"""Write a teams event's matches as PBN 2.1 in export format: each board twice, Open and Closed room.

A teams match is two tables on the same boards; PBN writes one game a table and board
with [Room "Open"] (the match's first table, the home team North-South) or [Room
"Closed"] (its second table, the away team North-South), [Round], [HomeTeam] and
[VisitTeam], [Scoring "IMP"], and the seven-tag roster the export format requires
(Event, Site, Date, Board, the four players, Dealer, Vulnerable, Deal, Declarer,
Contract, Result), with [Score "NS 420"]. A board without a deal has [Deal ""]; a
passed-out board [Contract "Pass"] with an empty declarer and result. An adjusted score
(artificial or assigned) is not a played contract: its game has an empty contract and a
comment saying the adjustment, so a reader knows the table did not play it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.bridge.seats import board_dealer, board_vulnerability

PBN_VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
ROOMS = ("Open", "Closed")


@dataclass(frozen=True)
class TeamsGame:
    """One board at one table of a match: who sat where, and what they played."""

    round: int
    match: int
    room: int  # 0: the match's first table (Open), 1: its second (Closed)
    board: int
    deal: str  # "N:AKQ.... ..." or "" when the board was not dealt by ClubScore
    home: str
    away: str
    north: str
    east: str
    south: str
    west: str
    contract: str = ""  # "4SX", "Pass", or "" for an adjusted score
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    adjusted: str = ""  # "A+ / A-", or "assigned", when the table did not play the board


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: object) -> str:
    return f'[{name} "{_quote(str(value))}"]'


def _game(game: TeamsGame, *, event: str, site: str, date: str) -> list[str]:
    contract = "Pass" if game.contract.upper() == "PASS" else game.contract
    lines = [
        _tag("Event", event),
        _tag("Site", site),
        _tag("Date", date),
        _tag("Round", game.round),
        _tag("Board", game.board),
        _tag("West", game.west),
        _tag("North", game.north),
        _tag("East", game.east),
        _tag("South", game.south),
        _tag("Dealer", board_dealer(game.board)),
        _tag("Vulnerable", PBN_VULNERABLE[board_vulnerability(game.board)]),
        _tag("Deal", game.deal),
        _tag("Scoring", "IMP"),
        _tag("Declarer", "" if contract == "Pass" else game.declarer),
        _tag("Contract", contract),
        _tag("Result", "" if game.tricks is None else game.tricks),
        _tag("HomeTeam", game.home),
        _tag("VisitTeam", game.away),
        _tag("Room", ROOMS[game.room]),
        _tag("Table", f"{game.match}{'ab'[game.room]}"),
    ]
    if game.ns_score is not None:
        lines.append(_tag("Score", f"NS {game.ns_score}"))
    if game.adjusted:
        lines.append(f"{{Adjusted score: {game.adjusted}}}")
    return lines


def write_teams_pbn(games: Iterable[TeamsGame], *, event: str, site: str, date: str) -> str:
    """Return the games as a PBN 2.1 export file (CRLF line ends), ordered by round, match, board, room."""
    ordered = sorted(games, key=lambda game: (game.round, game.match, game.board, game.room))
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", ""]
    for game in ordered:
        lines += _game(game, event=event, site=site, date=date)
        lines.append("")
    return "\r\n".join(lines)
