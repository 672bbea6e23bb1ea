"""Movements: for each round and table, which pairs sit where and which boards they play.

A session is played in rounds; a movement says, for every round and table, the NS pair,
the EW pair and the board set (``boards_per_round`` consecutive boards: set 1 is boards
1..bpr, set 2 the next bpr, ...). Two families, as clubs run them:

Mitchell (``mitchell``), 3 tables and up. Pairs are numbered per direction, as on club
table cards: NS 1..n sit still at their table, EW 1..n start at the table of their number.
A pair is identified by ``("NS", n)`` or ``("EW", n)`` (``MitchellPair``). Each round the
EW pairs move to the next higher table (n to 1) and the boards to the next lower table
(1 to n). So a 3-table Mitchell has, in round 2 at table 1, NS 1 v EW 3 on set 2 (table
1 gets the boards table 2 played). Odd tables: the plain movement, up to n rounds.
Even tables (EW would meet boards they already played after n/2 rounds):

- ``even="relay"`` (the default; the ACBL standard Mitchell for an even number of tables):
  tables 1 and n share a set each round (the relay) and a bye stand between tables n/2
  and n/2 + 1 holds one set. Boards travel down a cycle of n places (the relay place,
  tables 2..n/2, the bye stand, tables n/2+1..n-1); every EW pair plays every set and
  meets every NS pair in n rounds. ``Movement.relay`` is True: the relay set legitimately
  appears at tables 1 and n in the same round.
- ``even="skip"``: no shared boards; after n/2 rounds the EW pairs skip a table (move up
  two). At most n - 1 rounds: each EW pair misses one NS pair and one set.

``rounds`` below the maximum gives a partial Mitchell (the first rounds). A half table
(``phantom=("EW", 4)`` for instance) is a sit-out pair: it keeps its place in the
movement so every other pair's movement is unchanged, and ``Movement.phantom`` names it;
its opponents have a bye in that round (the site gives them no result or an average).

Howell (``howell``), 4 to 16 pairs, numbered 1..N; an odd number gets a phantom pair
N + 1 (the pair meeting it sits out). Each pair meets every other pair at most once and
plays every board set at most once. From 8 pairs the movement is a Room square built by
the starter-adder construction over Z_m (m = N - 1 rotating pairs, pair N stationary at
table 1 meeting pair r in round r): a starter splits 1..m-1 into pairs {x, y} whose
differences are all different (so nobody meets twice), an adder a moves the match
{x + k, y + k} of round k to set k - a (so every pair plays every set once and no set is
at two tables in a round). The starter and adder are found by a small deterministic
search (milliseconds, cached). A complete Howell has N - 1 rounds and N - 1 sets; fewer
``rounds`` give the three-quarter (or shorter) Howell: the first rounds of the complete
one, so the invariants still hold. With 4 or 6 pairs no Room square exists (sides 3
and 5), so there every table in round r plays set r from duplicated boards
(``Movement.shares`` is True), the round-robin circle method seating the pairs; clubs
with a dealing machine play the 2- and 3-table Howell this way, and it keeps every
result on a board comparable. The printed guide cards of other publishers (with relays)
are not reproduced.

Arrow switch: on the rounds in ``arrow_switch_rounds`` the pairs swap directions for the
boards (the home EW pair sits NS), so a Mitchell yields one winner. ``Encounter.ns`` and
``Encounter.ew`` are who actually SITS North-South / East-West on those boards (store
results the way they are played); ``Encounter.home_ns``/``home_ew`` are the pairs by
their home direction (the movement's NS stationary pair and the EW moving pair).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from tournaments.bridge import arguments
from tournaments.bridge.text import WordedError

Direction = Literal["NS", "EW"]
MitchellPair = tuple[str, int]
Pair = int | MitchellPair

__all__ = [
    "Encounter",
    "Movement",
    "MovementError",
    "whole_in_range",
    "circle_round",
    "format_movement_chart",
    "howell",
    "mitchell",
]


class MovementError(WordedError):
    """An argument that no movement fits; the message names the argument (a page translates it)."""


@dataclass(frozen=True)
class Encounter:
    """One table in one round.

    ``ns``/``ew`` are the pairs as they sit for these boards (after any arrow switch);
    ``home_ns``/``home_ew`` are the same two pairs by their home direction. In a Mitchell
    they are ``("NS", n)``/``("EW", m)`` tuples, in a Howell plain ints.
    """

    round: int
    table: int
    ns: Pair
    ew: Pair
    board_set: int
    boards: tuple[int, ...]
    arrow_switched: bool = False

    @property
    def home_ns(self) -> Pair:
        return self.ew if self.arrow_switched else self.ns

    @property
    def home_ew(self) -> Pair:
        return self.ns if self.arrow_switched else self.ew

    @property
    def pairs(self) -> tuple[Pair, Pair]:
        return (self.ns, self.ew)


@dataclass(frozen=True)
class Movement:
    """A whole movement; ``encounters`` sorted by (round, table).

    ``relay`` says a Mitchell's relay set is at tables 1 and n in one round; ``shares``
    says a board set is shared by every table in a round (the 4- and 6-pair Howell). Nothing else
    ever puts a set at two tables in one round. ``phantom`` is the sit-out pair, if any.
    """

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    encounters: tuple[Encounter, ...]
    arrow_switch_rounds: frozenset[int] = frozenset()
    relay: bool = False
    shares: bool = False
    phantom: Pair | None = None
    board_sets: int = 0
    # The tables' numbers when they are not 1..tables: a session of sections (``sectioned``).
    numbers: tuple[int, ...] = ()
    _by_key: dict[tuple[int, int], Encounter] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_key.update({(e.round, e.table): e for e in self.encounters})

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """Every table's number: 1..tables, or a session of sections' (A3 is 103: ``sectioned``)."""
        return self.numbers or tuple(range(1, self.tables + 1))

    def has_table(self, table: int) -> bool:
        return table in self.table_numbers

    def _check_round(self, round: int) -> None:
        whole_in_range("round", round, 1)
        if round > self.rounds:
            raise MovementError(f"round {round} is beyond the movement's {self.rounds} rounds")

    def encounter(self, round: int, table: int) -> Encounter:
        self._check_round(round)
        whole_in_range("table", table, 1)
        if not self.has_table(table):
            raise MovementError(f"table {table} is beyond the movement's {self.tables} tables")
        if (round, table) not in self._by_key:  # a section of fewer rounds than another
            raise MovementError(f"table {table} plays no round {round}")
        return self._by_key[(round, table)]

    def encounters_in_round(self, round: int) -> tuple[Encounter, ...]:
        self._check_round(round)
        return tuple(self._by_key[(round, t)] for t in self.table_numbers if (round, t) in self._by_key)

    def position(self, pair: Pair, round: int) -> Encounter | None:
        """Where ``pair`` plays in ``round``; None when it is the phantom (sits out).

        Mitchell pairs are ``("NS", n)`` / ``("EW", n)`` by home direction; Howell pairs ints.
        """
        self._check_round(round)
        if pair not in self.pair_numbers():
            raise MovementError(f"pair {pair!r} is not in this movement")
        if pair == self.phantom:
            return None
        for e in self.encounters_in_round(round):
            if pair in e.pairs:
                return e
        return None

    def opponent(self, pair: Pair, round: int) -> Pair | None:
        e = self.position(pair, round)
        if e is None:
            return None
        return e.ew if e.ns == pair else e.ns

    def boards_total(self) -> int:
        """Boards in play: board_sets × boards_per_round."""
        return self.board_sets * self.boards_per_round

    def pair_numbers(self) -> tuple[Pair, ...]:
        """Mitchell: ("NS", 1..n) then ("EW", 1..n); Howell: 1..N (N includes a phantom);
        an individual's partnerships 1..2 x tables x rounds; a session of sections: its
        sections' pairs, section by section."""
        if self.numbers:
            return tuple(dict.fromkeys(pair for e in self.encounters for pair in (e.home_ns, e.home_ew)))
        if self.kind == "mitchell":
            return tuple(("NS", i) for i in range(1, self.tables + 1)) + tuple(
                ("EW", i) for i in range(1, self.tables + 1)
            )
        if self.kind == "individual":  # a partnership a table and round (bridge.individual)
            return tuple(range(1, 2 * self.tables * self.rounds + 1))
        return tuple(range(1, 2 * self.tables + 1))


# Every movement's arguments are checked by one function, its refusal a MovementError.
whole_in_range = functools.partial(arguments.whole_in_range, error=MovementError)


def _arrows(arrow_switch_rounds: Iterable[int], rounds: int) -> frozenset[int]:
    try:
        chosen = frozenset(arrow_switch_rounds)
    except TypeError:
        raise MovementError(f"arrow_switch_rounds must be rounds, not {arrow_switch_rounds!r}") from None
    for r in chosen:
        whole_in_range("arrow_switch_rounds", r, 1, rounds)
    return chosen


def _encounter(r: int, t: int, ns: Pair, ew: Pair, s: int, bpr: int, arrows: frozenset[int]) -> Encounter:
    switched = r in arrows
    boards = tuple(range((s - 1) * bpr + 1, s * bpr + 1))
    if switched:
        ns, ew = ew, ns
    return Encounter(r, t, ns, ew, s, boards, switched)


def mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 3,
    *,
    even: str = "relay",
    arrow_switch_rounds: Iterable[int] = (),
    phantom: MitchellPair | None = None,
) -> Movement:
    """A Mitchell for ``tables`` (3 up); see the module docstring for the rules."""
    n = whole_in_range("tables", tables, 3)
    bpr = whole_in_range("boards_per_round", boards_per_round, 1)
    if even not in ("relay", "skip"):
        raise MovementError(f"even must be 'relay' or 'skip', not {even!r}")
    skip = n % 2 == 0 and even == "skip"
    relay = n % 2 == 0 and even == "relay"
    most = n - 1 if skip else n
    r_total = most if rounds is None else whole_in_range("rounds", rounds, 1, most)
    arrows = _arrows(arrow_switch_rounds, r_total)
    if phantom is not None and (
        not isinstance(phantom, tuple)
        or len(phantom) != 2
        or phantom[0] not in ("NS", "EW")
        or isinstance(phantom[1], bool)
        or not isinstance(phantom[1], int)
        or not 1 <= phantom[1] <= n
    ):
        raise MovementError(f"phantom must be ('NS', 1..{n}) or ('EW', 1..{n}), not {phantom!r}")
    # Board places in the order boards travel (each round a set moves to the previous place).
    if relay:
        half = n // 2
        places: list[int | None] = [1, *range(2, half + 1), None, *range(half + 1, n)]
    else:
        places = list(range(1, n + 1))
    encounters = []
    for r in range(1, r_total + 1):
        move = r - 1 if not skip or r <= n // 2 else r  # the skip: EW move up two once
        set_at: dict[int, int] = {}
        for i, place in enumerate(places):
            if place is not None:
                set_at[place] = (i + r - 1) % len(places) + 1
        if relay:
            set_at[n] = set_at[1]
        for t in range(1, n + 1):
            ew = (t - 1 - move) % n + 1
            encounters.append(_encounter(r, t, ("NS", t), ("EW", ew), set_at[t], bpr, arrows))
    return Movement(
        kind="mitchell",
        tables=n,
        rounds=r_total,
        boards_per_round=bpr,
        encounters=tuple(encounters),
        arrow_switch_rounds=arrows,
        relay=relay,
        phantom=phantom,
        board_sets=len(places),
    )


def howell(
    pairs: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    arrow_switch_rounds: Iterable[int] = (),
) -> Movement:
    """A Howell for 4..16 pairs (odd: a phantom pair N + 1); see the module docstring."""
    p = whole_in_range("pairs", pairs, 4, 16)
    bpr = whole_in_range("boards_per_round", boards_per_round, 1)
    n = p + p % 2
    most = n - 1
    r_total = most if rounds is None else whole_in_range("rounds", rounds, 1, most)
    arrows = _arrows(arrow_switch_rounds, r_total)
    m = n - 1  # pairs 1..m rotate, pair n is stationary at table 1
    starter = _starter_adder(m)
    encounters = []
    for r in range(1, r_total + 1):
        k = r - 1
        if starter is None:
            matches = [(ns, ew, r) for ns, ew in circle_round(n, r)]
        else:
            matches = [(n, k % m + 1, k % m + 1)]
            matches += [((x + k) % m + 1, (y + k) % m + 1, (k - a) % m + 1) for x, y, a in starter]
        for t, (a_pair, b_pair, board_set) in enumerate(matches, start=1):
            encounters.append(_encounter(r, t, a_pair, b_pair, board_set, bpr, arrows))
    return Movement(
        kind="howell",
        tables=n // 2,
        rounds=r_total,
        boards_per_round=bpr,
        encounters=tuple(encounters),
        arrow_switch_rounds=arrows,
        shares=starter is None,
        phantom=n if p % 2 else None,
        board_sets=r_total if starter is None else m,
    )


def circle_round(field: int, round_: int) -> list[tuple[int, int]]:
    """Return round ``round_`` of a round robin of ``field`` pairs (even) by the circle method.

    Pair ``field`` stays at table 1 and meets pair r in round r; the others turn round it,
    so each pair meets every other once in ``field - 1`` rounds. Table by table, (NS, EW).
    """
    m, k = field - 1, round_ - 1
    return [(field, k % m + 1)] + [((k + i) % m + 1, (k - i) % m + 1) for i in range(1, field // 2)]


@functools.cache
def _starter_adder(m: int) -> tuple[tuple[int, int, int], ...] | None:
    """A starter with an adder over Z_m (m odd): triples (x, y, a), or None (m = 3, 5).

    The pairs {x, y} partition 1..m-1 with all differences ±(x - y) distinct; the adders a
    are distinct and nonzero, and the x + a, y + a are distinct and nonzero. Depth-first
    search in a fixed order, so the same m always gives the same movement.
    """

    Triple = tuple[int, int, int]

    def search(
        unused: frozenset[int],
        diffs: frozenset[int],
        adds: frozenset[int],
        ends: frozenset[int],
        found: list[Triple],
    ) -> tuple[Triple, ...] | None:
        if not unused:
            return tuple(found)
        x = min(unused)
        for y in sorted(unused - {x}):
            d = (x - y) % m
            if d in diffs:
                continue
            for a in range(1, m):
                e1, e2 = (x + a) % m, (y + a) % m
                if a in adds or 0 in (e1, e2) or e1 in ends or e2 in ends:
                    continue
                result = search(
                    unused - {x, y}, diffs | {d, m - d}, adds | {a}, ends | {e1, e2}, [*found, (x, y, a)]
                )
                if result:
                    return result
        return None

    return search(frozenset(range(1, m)), frozenset(), frozenset(), frozenset(), [])


def _label(pair: Pair) -> str:
    return str(pair[1]) if isinstance(pair, tuple) else str(pair)


def format_movement_chart(movement: Movement) -> str:
    """A director's chart: one line per table, one column per round, ``NS-EW/set``."""
    head = ["Table"] + [f"R{r}" for r in range(1, movement.rounds + 1)]
    rows = [head]
    for t in movement.table_numbers:
        row = [str(t)]
        for r in range(1, movement.rounds + 1):
            e = movement.encounter(r, t)
            mark = "*" if e.arrow_switched else ""
            row.append(f"{_label(e.home_ns)}-{_label(e.home_ew)}/{e.board_set}{mark}")
        rows.append(row)
    widths = [max(len(row[c]) for row in rows) for c in range(len(head))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(lines) + "\n"
