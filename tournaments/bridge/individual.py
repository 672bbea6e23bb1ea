"""Individual movements: every player changes partner each round.

In an individual each player is on his own: North and South are partners for a round, East
and West the other partnership, and the next round everyone has a new partner. Players are
numbered 1..P; a ``Seating`` says who sits N, E, S and W at one table in one round and which
board set they play. Two families, as the published individual movements are built:

Whist (3, 4 and 6 tables). The complete individual of the whist clubs
(Mitchell's *Duplicate Whist*, 1897; the EBU's "ideal individual", John Pain): 4n players,
4n - 1 rounds, each player partners every other player exactly once and meets every other
player exactly twice as an opponent. It is Z-cyclic: players 1..4n-1 are the residues
0..4n-2 plus one, player 4n is the fixed point (infinity, always North at table 1), and round
k is the base round with every residue player moved on by k - 1. The base rounds are
``_WHIST`` below; the tests check the two whist properties from the seatings themselves.
The 3-table one is the classic 12-player, 11-round individual; the 6-table one (23
rounds) is long, and clubs play its first rounds (``rounds``). A whist individual
has no arrangement of separate board sets in which everyone plays every set once (ClubScore's
search finds none for 3 tables), so every table plays the same set in a round: boards are
duplicated, one copy per table (``shares``), as clubs with a dealing machine play them, and
every board is played at every table, so each result is compared with the whole field.

Rainbow (5, 7 and 8 tables). The prime-number ("Rainbow") individual published for club
parties (rec.games.bridge; EBU newsletter): q tables, 4q players in four lines of q (North
players 1..q start at their table, East q+1..2q, South 2q+1..3q, West 3q+1..4q), the boards
stationary (table t keeps set t), and each round North moves up one table, East down one,
South up two and West down two. Since the five speeds differ by units modulo a prime, every
two players of different lines meet exactly once (partners North-South and East-West,
opponents otherwise) and every player plays every set once in q rounds. For 8 tables the
same rule works over the field of 8 elements (tables are its elements, moves its addition:
speeds 1, 2, 3, 4 for N, E, S, W), which is how ClubScore extends the Rainbow to 8 tables;
for 4 and 6 no field exists, so those use whist seatings.

``rounds`` below the movement's rounds gives its first rounds: partners still meet at most
once, every board set in play is still played the same number of times.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tournaments.bridge import movements as pairs

__all__ = [
    "as_pairs_movement",
    "partnership_number",
    "CardLine",
    "IndividualMovement",
    "MovementError",
    "Seating",
    "TABLES",
    "individual",
    "player_card",
]

TABLES = range(3, 9)
SEATS = ("N", "E", "S", "W")


class MovementError(pairs.MovementError):
    """An argument that no individual movement fits; the message names the argument."""


@dataclass(frozen=True)
class Seating:
    """One table in one round: the four players by seat, the board set and its boards."""

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    board_set: int
    boards: tuple[int, ...]

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.east, self.south, self.west)

    def seat_of(self, player: int) -> str | None:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"`` for a player at this table, else None."""
        for seat, who in zip(SEATS, self.players, strict=True):
            if who == player:
                return seat
        return None

    def partner_of(self, player: int) -> int | None:
        seat = self.seat_of(player)
        if seat is None:
            return None
        return self.players[(SEATS.index(seat) + 2) % 4]


@dataclass(frozen=True)
class IndividualMovement:
    """A whole individual movement; ``seatings`` sorted by (round, table)."""

    kind: str
    tables: int
    players: int
    rounds: int
    boards_per_round: int
    board_sets: int
    shares: bool
    seatings: tuple[Seating, ...]

    def seatings_in_round(self, round: int) -> tuple[Seating, ...]:
        pairs.whole_in_range("round", round, 1, self.rounds, error=MovementError)
        return tuple(s for s in self.seatings if s.round == round)

    def position(self, player: int, round: int) -> Seating | None:
        """Where ``player`` sits in ``round``; None when he sits out."""
        pairs.whole_in_range("player", player, 1, self.players, error=MovementError)
        for s in self.seatings_in_round(round):
            if player in s.players:
                return s
        return None

    def boards_total(self) -> int:
        return self.board_sets * self.boards_per_round

    def as_json(self) -> dict[str, object]:
        """The machine-checkable form: players, then each round's tables by seat and boards."""
        return {
            "players": self.players,
            "rounds": [
                {
                    "round": r,
                    "tables": [
                        {
                            "table": s.table,
                            "N": s.north,
                            "E": s.east,
                            "S": s.south,
                            "W": s.west,
                            "boards": list(s.boards),
                        }
                        for s in self.seatings_in_round(r)
                    ],
                }
                for r in range(1, self.rounds + 1)
            ],
        }


class CardLine(NamedTuple):
    """One round of a player's card: where he sits, with whom, against whom, on which boards.

    ``table`` is None when he sits out that round (then the other fields are empty)."""

    round: int
    table: int | None
    seat: str
    partner: int | None
    left: int | None  # his left-hand opponent
    right: int | None  # his right-hand opponent
    boards: tuple[int, ...]


def player_card(movement: IndividualMovement, player: int) -> list[CardLine]:
    """The player's own card, round by round: table, seat, partner, opponents and boards."""
    lines = []
    for r in range(1, movement.rounds + 1):
        s = movement.position(player, r)
        if s is None:
            lines.append(CardLine(r, None, "", None, None, None, ()))
            continue
        i = SEATS.index(s.seat_of(player) or "N")
        around = s.players
        lines.append(
            CardLine(
                r, s.table, SEATS[i], around[(i + 2) % 4], around[(i + 1) % 4], around[(i + 3) % 4], s.boards
            )
        )
    return lines


# Base round of each Z-cyclic whist individual: per table (N, E, S, W) as residues mod
# 4n - 1, None for the fixed player. Found by ClubScore's own search (partner differences
# each once, opponent differences each twice); the tests re-check the whole movement.
_WHIST: dict[int, tuple[tuple[int | None, int, int, int], ...]] = {
    3: ((None, 0, 8, 10), (1, 6, 7, 3), (2, 5, 4, 9)),
    4: ((None, 0, 1, 3), (2, 7, 13, 6), (4, 9, 12, 11), (5, 14, 10, 8)),
    6: ((None, 0, 15, 2), (1, 6, 10, 22), (3, 21, 7, 9), (4, 18, 14, 17), (5, 11, 8, 16), (12, 19, 20, 13)),
}

# GF(8) as 3-bit ints: addition is XOR, multiplication modulo x^3 + x + 1.
_GF8_POLY = 0b1011


def _gf8_mul(a: int, b: int) -> int:
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 0b1000:
            a ^= _GF8_POLY
    return product


def _boards(board_set: int, bpr: int) -> tuple[int, ...]:
    return tuple(range((board_set - 1) * bpr + 1, board_set * bpr + 1))


def _whist(n: int, rounds: int, bpr: int) -> list[Seating]:
    m = 4 * n - 1
    seatings = []
    for r in range(1, rounds + 1):
        for t, base in enumerate(_WHIST[n], start=1):
            who = [4 * n if x is None else (x + r - 1) % m + 1 for x in base]
            north, east, south, west = who
            seatings.append(Seating(r, t, north, east, south, west, r, _boards(r, bpr)))
    return seatings


def _rainbow_place(q: int, start: int, speed: int, r: int) -> int:
    """The 0-based table of a player starting at ``start`` with ``speed`` in 0-based round r."""
    if q == 8:
        return start ^ _gf8_mul(speed, r)
    return (start + speed * r) % q


_RAINBOW_SPEEDS = {8: (1, 2, 3, 4)}  # N, E, S, W; primes use +1, -1, +2, -2


def _rainbow(q: int, rounds: int, bpr: int) -> list[Seating]:
    speeds = _RAINBOW_SPEEDS.get(q, (1, -1, 2, -2))
    seatings = []
    for r in range(rounds):
        at: dict[int, list[int]] = {t: [0, 0, 0, 0] for t in range(q)}
        for line, speed in enumerate(speeds):
            for start in range(q):
                at[_rainbow_place(q, start, speed, r)][line] = line * q + start + 1
        for t in range(q):
            north, east, south, west = at[t]
            seatings.append(Seating(r + 1, t + 1, north, east, south, west, t + 1, _boards(t + 1, bpr)))
    return seatings


def individual(tables: int, boards_per_round: int = 2, *, rounds: int | None = None) -> IndividualMovement:
    """The individual movement for ``tables`` (3..8); see the module docstring."""
    n = pairs.whole_in_range("tables", tables, TABLES.start, TABLES.stop - 1, error=MovementError)
    bpr = pairs.whole_in_range("boards_per_round", boards_per_round, 1, 8, error=MovementError)
    whist = n in _WHIST
    most = 4 * n - 1 if whist else n
    r_total = most if rounds is None else pairs.whole_in_range("rounds", rounds, 1, most, error=MovementError)
    seatings = _whist(n, r_total, bpr) if whist else _rainbow(n, r_total, bpr)
    return IndividualMovement(
        kind="whist" if whist else "rainbow",
        tables=n,
        players=4 * n,
        rounds=r_total,
        boards_per_round=bpr,
        board_sets=r_total if whist else n,
        shares=whist,
        seatings=tuple(seatings),
    )


def partnership_number(tables: int, round: int, table: int, seat: str) -> int:
    """The number of the partnership sitting ``seat``'s line at ``table`` in ``round``.

    A site that scores pairs scores an individual as a night of one-round partnerships:
    North-South at table t of round r is 2((r - 1) tables + t) - 1, East-West the next."""
    base = 2 * ((round - 1) * tables + table)
    return base - 1 if seat in ("N", "S") else base


def as_pairs_movement(movement: IndividualMovement) -> pairs.Movement:
    """The movement of the partnerships (``partnership_number``), each playing one round.

    Results are entered, matchpointed and checked as a pairs night's; the individual
    standings credit each player with his partnerships' figures."""
    n = movement.tables
    encounters = tuple(
        pairs.Encounter(
            s.round,
            s.table,
            partnership_number(n, s.round, s.table, "N"),
            partnership_number(n, s.round, s.table, "E"),
            s.board_set,
            s.boards,
        )
        for s in movement.seatings
    )
    return pairs.Movement(
        kind="individual",
        tables=n,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        encounters=encounters,
        shares=movement.shares,
        board_sets=movement.board_sets,
    )
