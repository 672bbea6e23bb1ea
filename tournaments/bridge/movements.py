"""Movements: who sits where, against whom, on which boards, round by round.

A movement is a pure value: for each round and table, the pairs and the board set they
play. The site computes a session's rounds from its stored configuration with these
functions, so they must be deterministic.

Pair numbers are the ones clubs print on their guide cards: a Mitchell numbers each field
from 1 (NS 1..n and EW 1..n, a pair's number being its starting table), a Howell numbers
all pairs 1..2n. A pair is named ``("NS", 3)`` or ``("EW", 3)`` in a Mitchell and
``("", 5)`` (or plain ``5``) in a Howell.

**Mitchell** (``mitchell``): NS pairs stay at their tables, EW pairs move up one table a
round, board sets move down one table. With an odd number of tables every EW pair meets
every NS pair and plays every set once. With an even number the director chooses:

- ``even="skip"`` (the default, what most clubs do when they have a set for every table):
  after half the rounds the EW pairs skip a table, so they meet new opponents on boards
  they have not played. At most ``tables - 1`` rounds: in round ``tables`` an EW pair
  would be back at its first opponents.
- ``even="relay"``: a bye stand between tables ``n/2`` and ``n/2 + 1`` holds one set each
  round, and tables 1 and ``n`` share (relay) one set. All ``tables`` rounds can be played;
  the shared set is declared in ``Movement.shares``.

Fewer rounds than the full movement (a partial Mitchell) is always allowed. A half table
is a Mitchell with one pair missing: name it as ``phantom``; its opponents sit out.

**Arrow switch** (``arrow_switch_rounds``): on those rounds the pairs turn the board
round, so in a Mitchell the EW field's pair sits North-South on those boards. A Mitchell's
``Encounter.ns`` and ``Encounter.ew`` always name the pairs by their *home* field (NS pair
number, EW pair number) and ``arrow_switched`` says they sit the other way round; in a
Howell, where numbers are not tied to a direction, ``ns`` and ``ew`` are the pairs as they
sit, already switched.

**Howell** (``howell``) for 4 to 16 pairs (an odd number plays with a phantom, the pair
numbered one past the last). It is built by the round-robin circle method: pair ``2n``
stays at table 1 and meets pair ``k`` in round ``k``; at table ``i + 1`` pairs ``k + i``
and ``k - i`` meet (numbers taken round the circle of the other ``2n - 1`` pairs), so
each pair meets each other pair once over the ``2n - 1`` rounds. The board set of table
``i + 1`` in round ``k`` is ``k + offset[i]``; the offsets are found by a small search so
that every pair plays every set exactly once. For 8, 12, 14 and 16 pairs the offsets are
all different, so no set is at two tables in one round; for 4, 6 and 10 pairs no such
offsets exist (the same parity obstacle that makes the printed 3- and 5-table Howells use
relays), and the search takes the fewest tables that must share a set, declared in
``Movement.shares``. Up to 10 pairs the default is the complete Howell; from 12 pairs a
complete Howell (11 to 15 rounds) is longer than a club session, and the default is the
three-quarter Howell: the first ``ceil(3 (2n - 1) / 4)`` rounds of it, in which each pair
meets about three quarters of the field. Clubs' printed three-quarter Howells are
hand-tuned tables; this one keeps the same invariants (no pair met twice, no set played
twice by a pair), though its sets are not all played the same number of times, which is
what Neuberg's formula is for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

MITCHELL = "mitchell"
HOWELL = "howell"
SKIP = "skip"
RELAY = "relay"
EVEN_TABLE_OPTIONS = (SKIP, RELAY)

MIN_MITCHELL_TABLES = 3
MAX_MITCHELL_TABLES = 30
MIN_HOWELL_PAIRS = 4
MAX_HOWELL_PAIRS = 16
MAX_BOARDS_PER_ROUND = 8
# From this many pairs the default Howell is the three-quarter one.
THREE_QUARTER_HOWELL_FROM = 12

PairKey = tuple[str, int]


class MovementError(ValueError):
    """A movement that cannot be built or asked for; the message names the argument."""


@dataclass(frozen=True)
class Encounter:
    """One table in one round: the two pairs and the boards they play.

    In a Mitchell ``ns`` and ``ew`` are the NS field's and the EW field's pair numbers
    (turned round on the boards when ``arrow_switched``); in a Howell they are the pairs
    as they sit.
    """

    round: int
    table: int
    ns: int
    ew: int
    board_set: int
    boards: tuple[int, ...]
    arrow_switched: bool = False


@dataclass(frozen=True)
class Movement:
    """A whole movement: every (round, table) encounter, and what it declares."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    encounters: tuple[Encounter, ...]
    board_sets: int
    arrow_switch_rounds: frozenset[int] = frozenset()
    # (round, board set) of every set played at two tables in one round (a relay).
    shares: frozenset[tuple[int, int]] = frozenset()
    phantom: PairKey | None = None
    even: str = ""
    _index: dict[tuple[int, int], Encounter] = field(
        default_factory=dict, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        self._index.update({(e.round, e.table): e for e in self.encounters})

    @property
    def is_mitchell(self) -> bool:
        return self.kind == MITCHELL

    def boards_total(self) -> int:
        """Return how many boards the movement needs (every set, including a bye stand's)."""
        return self.board_sets * self.boards_per_round

    def boards_of_set(self, board_set: int) -> tuple[int, ...]:
        """Return the board numbers of a set: set 2 of 3 boards a round is (4, 5, 6)."""
        if not 1 <= board_set <= self.board_sets:
            raise MovementError(f"board_set must be 1..{self.board_sets}, not {board_set!r}.")
        first = (board_set - 1) * self.boards_per_round + 1
        return tuple(range(first, first + self.boards_per_round))

    def encounter(self, round: int, table: int) -> Encounter:
        """Return who plays what at ``table`` in ``round``."""
        self._check_round(round)
        if not isinstance(table, int) or not 1 <= table <= self.tables:
            raise MovementError(f"table must be 1..{self.tables}, not {table!r}.")
        return self._index[(round, table)]

    def encounters_in_round(self, round: int) -> tuple[Encounter, ...]:
        """Return the round's encounters, table 1 first."""
        self._check_round(round)
        return tuple(self._index[(round, table)] for table in range(1, self.tables + 1))

    def pair_keys(self) -> tuple[PairKey, ...]:
        """Return every pair of the movement: NS then EW in a Mitchell, 1..2n in a Howell."""
        if self.is_mitchell:
            return tuple((d, n) for d in ("NS", "EW") for n in range(1, self.tables + 1))
        return tuple(("", n) for n in range(1, 2 * self.tables + 1))

    def sides(self, encounter: Encounter) -> tuple[PairKey, PairKey]:
        """Return the pairs of an encounter as (the one sitting NS, the one sitting EW)."""
        if not self.is_mitchell:
            return ("", encounter.ns), ("", encounter.ew)
        ns, ew = ("NS", encounter.ns), ("EW", encounter.ew)
        return (ew, ns) if encounter.arrow_switched else (ns, ew)

    def position(self, pair: PairKey | int, round: int) -> Encounter | None:
        """Return where ``pair`` plays in ``round``: its encounter, or None if it has none."""
        key = self._key(pair)
        for encounter in self.encounters_in_round(round):
            if key in self._home_keys(encounter):
                return encounter
        return None

    def sits_out(self, encounter: Encounter) -> bool:
        """True when the phantom is at this table, so its opponents have nothing to play."""
        return self.phantom is not None and self.phantom in self._home_keys(encounter)

    def _home_keys(self, encounter: Encounter) -> tuple[PairKey, PairKey]:
        if self.is_mitchell:
            return ("NS", encounter.ns), ("EW", encounter.ew)
        return ("", encounter.ns), ("", encounter.ew)

    def _key(self, pair: PairKey | int) -> PairKey:
        key = ("", pair) if isinstance(pair, int) and not self.is_mitchell else pair
        if key not in self.pair_keys():
            raise MovementError(f"pair {pair!r} is not in this movement (pairs are {self._pair_range()}).")
        return key  # type: ignore[return-value]

    def _pair_range(self) -> str:
        if self.is_mitchell:
            return f"('NS', 1..{self.tables}) and ('EW', 1..{self.tables})"
        return f"1..{2 * self.tables}"

    def _check_round(self, round: int) -> None:
        if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= self.rounds:
            raise MovementError(f"round must be 1..{self.rounds}, not {round!r}.")


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise MovementError(f"{name} must be a whole number, not {value!r}.")
    if not low <= value <= high:
        raise MovementError(f"{name} must be {low}..{high}, not {value}.")
    return value


def _check_arrow_switch(rounds: int, arrow_switch_rounds: object) -> frozenset[int]:
    chosen = frozenset(arrow_switch_rounds or ())  # type: ignore[arg-type]
    for value in chosen:
        _check_int("an arrow-switch round", value, 1, rounds)
    return chosen


def _boards(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _shares(encounters: list[Encounter]) -> frozenset[tuple[int, int]]:
    seen: dict[tuple[int, int], int] = {}
    for encounter in encounters:
        key = (encounter.round, encounter.board_set)
        seen[key] = seen.get(key, 0) + 1
    return frozenset(key for key, count in seen.items() if count > 1)


def _mitchell_max_rounds(tables: int, even: str) -> int:
    return tables - 1 if tables % 2 == 0 and even == SKIP else tables


def _relay_set_index(table: int, tables: int) -> int:
    """Position of a table on the relay Mitchell's cycle of sets (the bye stand is ``tables / 2``)."""
    half = tables // 2
    if table == tables:
        return 0  # table n plays (relays) table 1's set
    return table - 1 if table <= half else table


def mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 3,
    *,
    even: str = SKIP,
    arrow_switch_rounds: object = (),
    phantom: PairKey | None = None,
) -> Movement:
    """Return a Mitchell movement of ``tables`` tables (NS stationary, EW up, boards down)."""
    _check_int("tables", tables, MIN_MITCHELL_TABLES, MAX_MITCHELL_TABLES)
    _check_int("boards_per_round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    if even not in EVEN_TABLE_OPTIONS:
        raise MovementError(f"even must be one of {', '.join(EVEN_TABLE_OPTIONS)}, not {even!r}.")
    even = even if tables % 2 == 0 else ""
    most = _mitchell_max_rounds(tables, even or SKIP)
    rounds = most if rounds is None else _check_int("rounds", rounds, 1, most)
    switched = _check_arrow_switch(rounds, arrow_switch_rounds)
    half = tables // 2
    encounters = []
    for round_ in range(1, rounds + 1):
        moved = round_ - 1
        # Skip Mitchell: from the second half on, EW pairs move up two tables once.
        ew_offset = moved + (1 if even == SKIP and round_ > half else 0)
        for table in range(1, tables + 1):
            if even == RELAY:
                board_set = (_relay_set_index(table, tables) + moved) % tables + 1
            else:
                board_set = (table - 1 + moved) % tables + 1
            encounters.append(
                Encounter(
                    round=round_,
                    table=table,
                    ns=table,
                    ew=(table - 1 - ew_offset) % tables + 1,
                    board_set=board_set,
                    boards=_boards(board_set, boards_per_round),
                    arrow_switched=round_ in switched,
                )
            )
    movement = Movement(
        kind=MITCHELL,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        encounters=tuple(encounters),
        board_sets=tables,
        arrow_switch_rounds=switched,
        shares=_shares(encounters),
        phantom=None,
        even=even,
    )
    if phantom is not None:
        movement._key(phantom)
        movement = _with_phantom(movement, tuple(phantom))  # type: ignore[arg-type]
    return movement


def _with_phantom(movement: Movement, phantom: PairKey) -> Movement:
    return Movement(
        kind=movement.kind,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        encounters=movement.encounters,
        board_sets=movement.board_sets,
        arrow_switch_rounds=movement.arrow_switch_rounds,
        shares=movement.shares,
        phantom=phantom,
        even=movement.even,
    )


@cache
def howell_set_offsets(tables: int) -> tuple[int, ...]:
    """Return each table's board-set offset for a complete Howell of ``tables`` tables.

    Offsets ``t[0..n-1]`` on the circle of ``m = 2n - 1`` sets such that ``t[0]`` and
    ``t[i] - i``, ``t[i] + i`` (i = 1..n-1) are all the sets: the sets a pair plays over
    the rounds. Offsets that differ mean no set is at two tables in a round; the search
    allows the fewest repeats (shares) with which the first condition can be met.
    """
    sets = 2 * tables - 1
    for allowed_repeats in range(tables):
        found = _search_offsets(tables, sets, allowed_repeats)
        if found is not None:
            return found
    raise MovementError(f"no Howell board plan for {tables} tables.")  # unreachable: all equal works


def _search_offsets(tables: int, sets: int, allowed_repeats: int) -> tuple[int, ...] | None:
    offsets: list[int] = []

    def place(i: int, covered: frozenset[int], repeats: int) -> bool:
        if i == tables:
            return True
        for value in range(sets):
            repeat = value in offsets
            if repeat and repeats >= allowed_repeats:
                continue
            new = {value} if i == 0 else {(value - i) % sets, (value + i) % sets}
            if len(new) < (1 if i == 0 else 2) or new & covered:
                continue
            offsets.append(value)
            if place(i + 1, covered | new, repeats + repeat):
                return True
            offsets.pop()
        return False

    return tuple(offsets) if place(0, frozenset(), 0) else None


def howell_default_rounds(pairs: int) -> int:
    """Return the rounds a club plays: the complete Howell, or three quarters of it from 12 pairs."""
    complete = pairs + pairs % 2 - 1
    if pairs < THREE_QUARTER_HOWELL_FROM:
        return complete
    return math.ceil(3 * complete / 4)


def howell(
    pairs: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    arrow_switch_rounds: object = (),
) -> Movement:
    """Return a Howell movement for ``pairs`` pairs (an odd count plays with a phantom)."""
    _check_int("pairs", pairs, MIN_HOWELL_PAIRS, MAX_HOWELL_PAIRS)
    _check_int("boards_per_round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    seated = pairs + pairs % 2
    tables = seated // 2
    circle = seated - 1
    rounds = howell_default_rounds(pairs) if rounds is None else _check_int("rounds", rounds, 1, circle)
    switched = _check_arrow_switch(rounds, arrow_switch_rounds)
    offsets = howell_set_offsets(tables)
    encounters = []
    for round_ in range(1, rounds + 1):
        k = round_ - 1
        for i in range(tables):
            if i == 0:
                ns, ew = seated, k % circle + 1
            else:
                ns, ew = (k + i) % circle + 1, (k - i) % circle + 1
            if round_ in switched:
                ns, ew = ew, ns
            board_set = (k + offsets[i]) % circle + 1
            encounters.append(
                Encounter(
                    round=round_,
                    table=i + 1,
                    ns=ns,
                    ew=ew,
                    board_set=board_set,
                    boards=_boards(board_set, boards_per_round),
                    arrow_switched=round_ in switched,
                )
            )
    return Movement(
        kind=HOWELL,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        encounters=tuple(encounters),
        board_sets=circle,
        arrow_switch_rounds=switched,
        shares=_shares(encounters),
        phantom=("", seated) if pairs % 2 else None,
    )
