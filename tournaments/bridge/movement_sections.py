"""One movement of a session of sections: each section's own movement, its tables and pairs renumbered.

Section k (from 1) numbers its tables and pairs from 100 k (``movements.SECTION_BASE``),
as the session stores them: section A's table 3 is 103, B's 203. Pure, as the rest of
``bridge``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournaments.bridge.movements import Movement, MovementError, Pair


def sectioned(sections: Sequence[tuple[int, Movement]]) -> Movement:
    """One movement of a session of sections: each ``(base, movement)``'s tables and pairs from ``base``.

    Section A (base 100) has its table 3 as 103 and its pair NS 3 as ``("NS", 103)``, B
    (base 200) 203: the session's numbers for them (``Section``), so a pair, a table or a
    round is found in the one movement as in a session of one section. The sections play
    the same boards; a section's phantom is not kept (its opponents simply have no result).
    """
    if not sections:
        raise MovementError("a session of sections needs at least one section's movement")
    encounters = []
    for base, part in sections:
        for e in part.encounters:
            ns, ew = _shifted(e.ns, base), _shifted(e.ew, base)
            encounters.append(replace(e, table=base + e.table, ns=ns, ew=ew))
    encounters.sort(key=lambda e: (e.round, e.table))
    parts = [part for _, part in sections]
    kinds = {part.kind for part in parts}
    return Movement(
        kind=kinds.pop() if len(kinds) == 1 else "howell",
        tables=sum(part.tables for part in parts),
        rounds=max(part.rounds for part in parts),
        boards_per_round=parts[0].boards_per_round,
        encounters=tuple(encounters),
        relay=any(part.relay for part in parts),
        shares=any(part.shares for part in parts),
        board_sets=max(part.board_sets for part in parts),
        numbers=tuple(base + t for base, part in sections for t in part.table_numbers),
    )


def _shifted(pair: Pair, base: int) -> Pair:
    return (pair[0], base + pair[1]) if isinstance(pair, tuple) else base + pair


SECTION_BASE = 100


def section_table_name(table: int) -> str:
    """A session of sections' table as the players call it: 103 (section A's table 3) is ``A3``."""
    if table < SECTION_BASE:
        return str(table)
    return f"{chr(ord('A') + table // SECTION_BASE - 1)}{table % SECTION_BASE}"


def number_label(number: int, *, sectioned: bool) -> str:
    """A stored table or pair number as the players call it: ``A3`` for 103 in a session of sections.

    The one way every surface (pages, phones, cards, the log, the chart) names a table or a
    pair's number: a session of sections stores section k's from 100 k, which no player
    knows; a session of one section shows its numbers as they are (a pair may be 101 there).
    """
    return section_table_name(number) if sectioned else str(number)


def table_name(movement: Movement, table: int) -> str:
    """A table as the players call it: ``3``, or in a session of sections ``A3`` (table 103)."""
    return number_label(table, sectioned=bool(movement.numbers))


def same_section(movement: Movement, table: int, other: int) -> bool:
    """Whether two tables are in one section (every table is, in a session of one): each
    section plays its own copy of the boards, so boards move only within it."""
    return not movement.numbers or table // SECTION_BASE == other // SECTION_BASE


def section_rounds(movement: Movement, table: int) -> int:
    """How many rounds ``table``'s section plays: the session's longest section may play more
    (A of 5 tables plays 5 rounds, B of 3 plays 3), and a phone or a move card counts its own.
    A session of one section plays the movement's rounds (a Swiss's, drawn or not)."""
    if not movement.numbers:
        return movement.rounds
    rounds = (e.round for e in movement.encounters if same_section(movement, e.table, table))
    return max(rounds, default=movement.rounds)
