"""The Swiss draw: the next round's matches, top down by score, with no avoidable rematch.

``swiss_pairings(teams, scores, played, byes)`` ranks the teams by score (equal scores
keep the order of ``teams``, which is the previous ranking or the seeding) and pairs them
top down: the best team still unpaired meets the best-ranked team it has not met, then
the next, and so on. Where that leads to a dead end (teams left that have all met), the
search backs up and tries the next opponent, so a draw without a rematch is found
whenever one exists; failed positions (the set of teams still to pair) are remembered, so
no position is searched twice. With an odd number of teams one team gets a bye, listed
as ``(team, None)``: the lowest-ranked team that has not had one, or the next one up
when that would force a rematch the others avoid.

Priorities, strictest first, where they pull apart:

1. No second bye while some team has had none (every team had one: any team may).
2. No rematch while a draw without one exists; when none exists, as few as any draw has.
3. The bye as low in the ranking as those allow; then the top-down order.

How few rematches a field needs is a maximum matching question (``bridge.matching``,
Edmonds' blossoms): a draw has at least (teams - 2 x the most pairs of teams that have
not met) / 2 rematches, and one with exactly that many exists. The depth-first search
finds the top-down draw quickly on a real Swiss field; where no draw without a rematch
exists, or a large field's search tries ``SEARCH_LIMIT`` opponents without an answer, the
matching says how many rematches the best bye needs and the draw is built top down with
each step checked by a matching (``_Search.guided``), which gives the same draw the
search would, without backing up. So the draw never depends on the limit, only its time:
the round 7 draw of 200 teams takes milliseconds (bench/bench_teams.py), and even 64
teams over 63 rounds (a round robin played as a Swiss) draw without a rematch.
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

from tournaments.bridge.teams.matching import maximum_matching

__all__ = ["SEARCH_LIMIT", "DrawError", "swiss_pairings"]

# Opponents the search tries in one draw before the matching-checked draw takes over.
SEARCH_LIMIT = 20_000


class DrawError(ValueError):
    """Arguments no Swiss draw can be made from; the message names the argument."""


# A team as the caller names it: the draw hands back the ids it was given.
TeamId = TypeVar("TeamId", bound=Hashable)


@overload
def swiss_pairings(
    teams: int,
    scores: Mapping[int, float] | Sequence[float] | None = None,
    played: Iterable[Collection[int | None]] | Mapping[int, Iterable[int]] = (),
    byes: Iterable[int] = (),
) -> list[tuple[int, int | None]]: ...
@overload
def swiss_pairings(
    teams: Iterable[TeamId],
    scores: Mapping[TeamId, float] | Sequence[float] | None = None,
    played: Iterable[Collection[TeamId | None]] | Mapping[TeamId, Iterable[TeamId]] = (),
    byes: Iterable[TeamId] = (),
) -> list[tuple[TeamId, TeamId | None]]: ...
# The ids come back as given (checked at run time, as any caller's may be untyped), so the
# implementation's own types say no more than ``Any``; the overloads say what is returned.
def swiss_pairings(
    teams: Iterable[Any] | int,
    scores: Mapping[Any, float] | Sequence[float] | None = None,
    played: Iterable[Collection[Any]] | Mapping[Any, Iterable[Any]] = (),
    byes: Iterable[Any] = (),
) -> list[tuple[Any, Any]]:
    """Return the next Swiss round as [(higher-ranked team, lower-ranked team or None), ...].

    - ``teams``: the team ids (ints, strings, any hashable but None) in the order that
      breaks equal scores; a set is taken in sorted order; a number n means teams 1..n.
    - ``scores``: a mapping team -> score (VPs so far; a team left out has 0), or a
      sequence of scores in the order of ``teams``; None: all level.
    - ``played``: the matches so far, as pairs (tuples, lists, sets or frozensets of two
      teams; a pair with None is a bye), or a mapping team -> opponents met. Teams not
      in ``teams`` are ignored, so a withdrawn team does no harm.
    - ``byes``: the teams that have had a bye already.

    The matches come best-ranked first, the higher-ranked team first (home); the bye,
    if any, last.
    """
    order = _ranked(_team_list(teams), scores)
    if not order:
        return []
    rank = {team: place for place, team in enumerate(order)}
    met, bye_pairs = _meetings(played, rank)
    had_bye = {team for team in (*byes, *bye_pairs) if team in rank}
    fresh = _fresh_opponents(len(order), met)
    everyone = (1 << len(order)) - 1
    if len(order) % 2 == 0:
        bye_choices: list[int | None] = [None]
    else:
        without = [place for place in reversed(range(len(order))) if order[place] not in had_bye]
        bye_choices = list(without or reversed(range(len(order))))
    search = _Search(fresh)
    fields = [(bye, everyone if bye is None else everyone & ~(1 << bye)) for bye in bye_choices]
    for bye, field in fields:  # first a draw without a rematch, the bye as low as can be
        matches = search.pair(field, 0)
        if matches is not None:
            return _named(order, matches, bye)
    # None found: every draw needs a rematch, or the search ran out. The maximum matching
    # of the pairs not yet met says how few each bye allows; the lowest bye of the fewest.
    needed = {}
    for bye, field in fields:
        needed[bye] = search.fewest_rematches(field)
        if needed[bye] == 0:
            break
    bye = min(needed, key=lambda choice: needed[choice])
    field = dict(fields)[bye]
    matches = search.pair(field, needed[bye]) or search.guided(field, needed[bye])
    return _named(order, matches, bye)


def _named(
    order: list[Hashable], matches: list[tuple[int, int]], bye: int | None
) -> list[tuple[Hashable, Hashable | None]]:
    """Return the draw with team ids for places, the bye (team, None) last."""
    drawn: list[tuple[Hashable, Hashable | None]] = [(order[high], order[low]) for high, low in matches]
    return drawn if bye is None else [*drawn, (order[bye], None)]


def _team_list(teams: object) -> list[Hashable]:
    """Return the teams as a list in their tie-break order, checking they are distinct ids."""
    if isinstance(teams, bool):
        raise DrawError(f"teams must be team ids or a number of teams, not {teams!r}")
    try:
        return list(range(1, operator.index(teams) + 1))  # type: ignore[arg-type]
    except TypeError:
        pass  # not a number of teams: a collection of ids
    if isinstance(teams, (str, bytes)) or not isinstance(teams, Iterable):
        raise DrawError(f"teams must be a collection of team ids, not {teams!r}")
    if isinstance(teams, Mapping):
        teams = list(teams)
    elif isinstance(teams, (set, frozenset)):
        teams = _sorted_ids(teams)
    listed = list(teams)
    try:
        distinct = set(listed)
    except TypeError:
        raise DrawError("every team id must be hashable (a number or a string)") from None
    if len(distinct) != len(listed):
        raise DrawError("teams lists a team twice")
    if None in distinct:
        raise DrawError("None is not a team id (it stands for a bye)")
    return listed


def _sorted_ids(teams: Collection[Hashable]) -> list[Hashable]:
    """Return a set's ids in a fixed order: sorted, or sorted by type and text when mixed."""
    try:
        return sorted(teams)  # type: ignore[type-var]
    except TypeError:
        return sorted(teams, key=lambda team: (type(team).__name__, repr(team)))


def _ranked(teams: list[Hashable], scores: object) -> list[Hashable]:
    """Return the teams best first by score; equal scores keep the order of ``teams``."""
    if scores is None:
        # The caller's scores, unchecked: a score that is not a number fails the sort below.
        by_team: Mapping[Hashable, Any] = {}
    elif isinstance(scores, Mapping):
        by_team = scores
    elif isinstance(scores, Iterable) and not isinstance(scores, (str, bytes)):
        listed = list(scores)
        if len(listed) != len(teams):
            raise DrawError(f"scores has {len(listed)} entries for {len(teams)} teams")
        by_team = dict(zip(teams, listed, strict=True))
    else:
        raise DrawError(f"scores must map each team to its score, not {scores!r}")
    try:
        keyed = [(-(by_team.get(team) or 0), place, team) for place, team in enumerate(teams)]
        keyed.sort(key=lambda entry: entry[:2])
    except TypeError:
        raise DrawError("every score must be a number") from None
    return [team for _, _, team in keyed]


def _meetings(played: object, rank: Mapping[Hashable, int]) -> tuple[set[frozenset[int]], set[Hashable]]:
    """Return the pairs of places that have met, and the teams a played pair shows had a bye."""
    if isinstance(played, Mapping):
        pairs: Iterable[object] = ((team, other) for team, others in played.items() for other in others or ())
    elif isinstance(played, Iterable) and not isinstance(played, (str, bytes)):
        pairs = played
    else:
        raise DrawError(f"played must be the pairs of teams that have met, not {played!r}")
    met: set[frozenset[int]] = set()
    byes: set[Hashable] = set()
    for pair in pairs:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable):
            raise DrawError(f"each entry of played must be a pair of teams, not {pair!r}")
        sides = list(pair)
        if None in sides:
            byes.update(side for side in sides if side is not None)
        elif len(sides) == 2 and all(side in rank for side in sides) and sides[0] != sides[1]:
            met.add(frozenset(rank[side] for side in sides))
    return met, byes


def _fresh_opponents(size: int, met: set[frozenset[int]]) -> list[int]:
    """Return for each place the bit mask of the places it has not met."""
    fresh = [((1 << size) - 1) & ~(1 << place) for place in range(size)]
    for pair in met:
        first, second = tuple(pair)
        fresh[first] &= ~(1 << second)
        fresh[second] &= ~(1 << first)
    return fresh


class _Search:
    """The depth-first top-down search, with the positions that failed remembered.

    A position is the bit mask of the places still to pair (bit k = the k-th ranked team)
    and the rematches still allowed. Written with an explicit stack, so a field of
    thousands of teams does not run into Python's recursion limit.
    """

    def __init__(self, fresh: list[int]) -> None:
        self.fresh = fresh
        self.failed: set[tuple[int, int]] = set()
        self.budget = SEARCH_LIMIT
        self._fewest: dict[int, int] = {}

    def fewest_rematches(self, remaining: int) -> int:
        """Return the fewest rematches any draw of ``remaining`` has (a maximum matching's shortfall)."""
        if remaining not in self._fewest:
            places = list(_places(remaining))
            fresh_pairs = maximum_matching(places, lambda place: _places(self.fresh[place] & remaining))
            self._fewest[remaining] = (len(places) - len(fresh_pairs)) // 2
        return self._fewest[remaining]

    def guided(self, field: int, rematches: int) -> list[tuple[int, int]]:
        """Return a top-down draw with ``rematches`` rematches, each step checked by a matching.

        Used where the search ran out: each team takes the best opponent that leaves the
        rest drawable with the rematches still allowed, so it never backs up.
        """
        matches: list[tuple[int, int]] = []
        remaining, left = field, rematches
        while remaining:
            top = _lowest_place(remaining)
            for option in self._options(remaining, left):
                rest = remaining & ~(1 << top) & ~(1 << option)
                after = left - (not self.fresh[top] >> option & 1)
                if self.fewest_rematches(rest) <= after:
                    break
            else:
                raise AssertionError("unreachable: the matching said this field could be drawn")
            matches.append((top, option))
            remaining, left = rest, after
        return matches

    def pair(self, field: int, rematches: int) -> list[tuple[int, int]] | None:
        """Return the top-down draw of ``field`` with at most ``rematches`` rematches, or None."""
        if (field, rematches) in self.failed:
            return None
        stack = [(field, rematches, self._options(field, rematches))]
        matches: list[tuple[int, int]] = []
        while stack:
            remaining, allowed, options = stack[-1]
            if remaining == 0:
                return matches
            option = next(options, None)
            if option is None:
                self.failed.add((remaining, allowed))
                stack.pop()
                if matches:
                    matches.pop()
                continue
            self.budget -= 1
            if self.budget < 0:
                return None
            top = _lowest_place(remaining)
            rest = remaining & ~(1 << top) & ~(1 << option)
            left = allowed - (not self.fresh[top] >> option & 1)
            if (rest, left) in self.failed or (left == 0 and self._someone_stuck(rest)):
                continue
            matches.append((top, option))
            stack.append((rest, left, self._options(rest, left)))
        return None

    def _options(self, remaining: int, allowed: int) -> Iterator[int]:
        """Yield the opponents of the best team in ``remaining``: new ones first, best first."""
        if remaining == 0:
            return
        top = _lowest_place(remaining)
        others = remaining & ~(1 << top)
        new = self.fresh[top] & others
        yield from _places(new)
        if allowed:
            yield from _places(others & ~new)

    def _someone_stuck(self, remaining: int) -> bool:
        """Return True when a team in ``remaining`` has met every other team in it."""
        return any(not self.fresh[place] & remaining for place in _places(remaining))


def _lowest_place(mask: int) -> int:
    """Return the best-ranked place in a mask (its lowest set bit)."""
    return (mask & -mask).bit_length() - 1


def _places(mask: int) -> Iterator[int]:
    """Yield the places in a mask, best-ranked first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
