"""Nights played round by round on the same boards: the barometer and the Swiss pairs.

In both, every table of round r plays board set r (boards (r-1) x bpr + 1 .. r x bpr,
duplicated), so a round's boards are compared across the whole field as soon as its
last table has played, and a round is over for everyone at once.

- **Barometer** (``barometer``): the pairs meet as in a round robin (the circle method:
  pair N stays at the last table and meets pair r in round r, the others turn round it),
  so no two pairs meet twice; an odd field has a phantom N + 1 whose opponent sits out at
  that last table, so the tables that play are 1, 2, ...
- **Swiss pairs** (``swiss_movement``, ``swiss_pairs_draw``): each round's tables are
  drawn from the scores so far by the teams' Swiss draw (``teams.swiss``: top down, no
  rematch while a draw without one exists, a bye for the lowest pair without one), so
  the movement holds only the rounds drawn. Each table is a short match between its two
  pairs, converted to victory points (``match_vps``).

A round's results and the standings after it are published once it is complete, in
order: ``published_rounds`` is the longest run of complete rounds from round 1, so a
round played before an earlier one is finished waits for it (docs/decisions.md,
"Swiss pairs and barometers").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from tournaments.bridge.movements import Encounter, Movement, MovementError, circle_round, whole_in_range
from tournaments.bridge.teams.scoring import victory_points
from tournaments.bridge.teams.swiss import swiss_pairings

__all__ = [
    "BYE_VP",
    "barometer",
    "match_vps",
    "published_rounds",
    "round_boards",
    "swiss_movement",
    "swiss_pairs_draw",
]

# VPs of a pair's bye in a Swiss pairs: 12 of 20, the EBU's bye, as a teams bye gets by default.
BYE_VP = 12.0
MAX_PAIRS = 60

# One round of a Swiss draw: (NS pair, EW pair) by table; a bye's EW pair is the phantom.
DrawnRound = tuple[tuple[int, int], ...]


def round_boards(round_: int, boards_per_round: int) -> tuple[int, ...]:
    """Return the boards every table plays in ``round_``: the round's own set."""
    return tuple(range((round_ - 1) * boards_per_round + 1, round_ * boards_per_round + 1))


def barometer(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """Return a barometer for ``pairs`` pairs (4 up): a round robin, every table on set r in round r."""
    p = whole_in_range("pairs", pairs, 4, MAX_PAIRS)
    bpr = whole_in_range("boards_per_round", boards_per_round, 1)
    n = p + p % 2
    total = n - 1 if rounds is None else whole_in_range("rounds", rounds, 1, n - 1)
    encounters = []
    for r in range(1, total + 1):
        # Pair n's match last: in an odd field n is the phantom (no pair is seated under the
        # highest number), so the tables that play are 1, 2, ... and the sit-out is the last.
        matches = circle_round(n, r)
        matches = matches[1:] + matches[:1]
        for table, (ns, ew) in enumerate(matches, start=1):
            encounters.append(Encounter(r, table, ns, ew, r, round_boards(r, bpr)))
    return Movement(
        kind="barometer",
        tables=n // 2,
        rounds=total,
        boards_per_round=bpr,
        encounters=tuple(encounters),
        shares=True,
        phantom=n if p % 2 else None,
        board_sets=total,
    )


def swiss_movement(tables: int, boards_per_round: int, rounds: int, draw: Sequence[DrawnRound]) -> Movement:
    """Return a Swiss pairs' movement: the rounds drawn so far of ``rounds``, set r in round r.

    The boards of every round to come are counted (``board_sets``), so they can be made
    before play; a round not yet drawn has no encounter, so no result can be entered for it.
    """
    size = whole_in_range("tables", tables, 2)
    bpr = whole_in_range("boards_per_round", boards_per_round, 1)
    total = whole_in_range("rounds", rounds, 1, 2 * size - 1)
    if len(draw) > total:
        raise MovementError(f"{len(draw)} rounds are drawn of the movement's {total}")
    encounters = []
    for r, tables_drawn in enumerate(draw, start=1):
        if len(tables_drawn) != size:
            raise MovementError(f"round {r} is drawn at {len(tables_drawn)} tables, not {size}")
        for table, (ns, ew) in enumerate(tables_drawn, start=1):
            encounters.append(Encounter(r, table, ns, ew, r, round_boards(r, bpr)))
    return Movement(
        kind="swiss",
        tables=size,
        rounds=len(draw),
        boards_per_round=bpr,
        encounters=tuple(encounters),
        shares=True,
        board_sets=total,
    )


def swiss_pairs_draw(
    tables: int,
    pairs: Sequence[int],
    scores: Mapping[int, float],
    draw: Sequence[DrawnRound],
) -> DrawnRound:
    """Return the next round's tables: the teams' Swiss draw over the pairs, by score.

    ``pairs`` are the seated pairs' numbers in seeding order (ties in score keep it);
    ``draw`` the rounds so far, from which who met whom and who had a bye are read (a
    number not in ``pairs`` is the phantom). The best-ranked pair of each match sits NS,
    matches from table 1 down, the bye (with the phantom, the lowest number not seated)
    at the last table.
    """
    size = whole_in_range("tables", tables, 2)
    seated = list(pairs)
    if len(seated) not in (2 * size - 1, 2 * size):
        raise MovementError(f"{size} tables seat {2 * size - 1} or {2 * size} pairs, not {len(seated)}")
    numbers = set(seated)
    played = [(ns, ew) for tables_drawn in draw for ns, ew in tables_drawn if ns in numbers and ew in numbers]
    byes = [pair for tables_drawn in draw for pair in _bye_of(tables_drawn, numbers)]
    matches = swiss_pairings(seated, {pair: scores.get(pair, 0.0) for pair in seated}, played, byes)
    phantom = (
        min(number for number in range(1, 2 * size + 1) if number not in numbers) if len(seated) % 2 else 0
    )
    return tuple((home, away if away is not None else phantom) for home, away in matches)


def _bye_of(tables_drawn: DrawnRound, seated: set[int]) -> Iterable[int]:
    """Yield the pair that had the round's bye (its opponent not a seated pair)."""
    for ns, ew in tables_drawn:
        if (ns in seated) != (ew in seated):
            yield ns if ns in seated else ew


def match_vps(
    *, imps: float | None = None, percentage: float | None = None, boards: int
) -> tuple[float, float]:
    """Return (this pair's VPs, its opponents') for a match of ``boards`` boards, of 20.

    At IMPs (against the datum or cross-IMPs, as the session scores) the pair's IMPs on
    the match's boards are its margin (its opponents scored the same with the other sign)
    on the WBF 20-VP scale. At matchpoints the pair's share of the match's matchpoints is
    its share of the 20 VPs, in hundredths: 60% gives 12.00 to 8.00.
    """
    whole_in_range("boards", boards, 1)
    if (imps is None) == (percentage is None):
        raise ValueError("give the match's IMPs or its percentage, one of them")
    if imps is not None:
        return victory_points(imps, boards)
    assert percentage is not None
    if not 0 <= percentage <= 100:
        raise ValueError(f"a percentage is 0 to 100, not {percentage!r}")
    cents = int(Fraction(percentage).limit_denominator(10**6) * 20 + Fraction(1, 2))
    return cents / 100, (2000 - cents) / 100


def published_rounds(complete: Sequence[bool]) -> int:
    """Return how many rounds are published: the complete ones from round 1, up to the first not."""
    count = 0
    for done in complete:
        if not done:
            break
        count += 1
    return count
