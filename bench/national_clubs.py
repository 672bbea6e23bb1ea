"""The national benchmark's clubs: many started Mitchells, every table's sends, and the check.

``clubs_in_play`` creates the clubs of an evening (each a started 12-table Mitchell with
its pairs seated and its boards made, no result in yet) and returns what each table's
phone will send, round after round. ``clubs_mismatches`` compares every club's stored
standings with a recomputation (``table_entry_session.standings_mismatches``). Both need
Django set up against a migrated database; tests/bench runs them at 2 clubs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bench.table_entry_session import CONTRACTS, _played


@dataclass
class Phone:
    """One table's phone: its session, its link's token and its boards' JSON bodies in order."""

    club: int
    session_id: int
    table: int
    token: str
    bodies: list[dict] = field(default_factory=list)


@dataclass
class Evening:
    sessions: list  # one started session per club
    phones: list[Phone]


def clubs_in_play(
    *,
    clubs: int,
    tables: int = 12,
    rounds: int = 2,
    boards_per_round: int = 2,
    seed: int = 23,
    first: int = 1,
) -> Evening:
    """Create ``clubs`` clubs each with a started Mitchell; return the sessions and every table's sends.

    The clubs are numbered from ``first`` (a benchmark adding clubs as it goes asks for the next ones).
    """
    from django.db import transaction

    from tests.conftest import seated_mitchell
    from tournaments.core.models import Club
    from tournaments.night.selectors import movements as movement_selectors

    rng = random.Random(seed)
    sessions, phones = [], []
    for index in range(first, first + clubs):
        with transaction.atomic():
            club = Club.objects.create(name=f"Club {index:04d}", slug=f"national-{seed}-{index}")
            session = seated_mitchell(
                club,
                name="Tuesday evening",
                tables=tables,
                boards_per_round=boards_per_round,
                rounds=rounds,
                start=True,
            )
        sessions.append(session)
        numbers = sorted(session.boards.values_list("number", flat=True))
        pars = {number: (*rng.choice(CONTRACTS), rng.choice(("NS", "NS", "EW"))) for number in numbers}
        accesses = {access.table: access.token for access in session.table_accesses.all()}
        movement = movement_selectors.session_movement(session)
        played = movement_selectors.movement_rounds(session, movement, list(session.pairs.all()))
        by_table = {table: Phone(index, session.pk, table, token) for table, token in accesses.items()}
        for seating in [seat for round_ in played for seat in round_]:
            for number in seating.boards:
                contract, declarer, tricks = _played(rng, pars[number])
                by_table[seating.table].bodies.append(
                    {
                        "key": f"national-{index}-{seating.table}-{number}-{rng.getrandbits(32):08x}",
                        "round": seating.round,
                        "board": number,
                        "contract": contract,
                        "declarer": declarer,
                        "tricks": tricks,
                        "lead": "",
                    }
                )
        phones += [phone for phone in by_table.values() if phone.bodies]
    return Evening(sessions, phones)


def unsettled_boards(sessions: list) -> int:
    """How many boards of these sessions still wait for their rescoring."""
    from tournaments.night.models import Board

    return Board.objects.filter(session__in=sessions, needs_scoring=True).count()


def clubs_mismatches(sessions: list, expected_results: dict[int, int]) -> list[str]:
    """Every club's standings against a recomputation, and its results counted once each."""
    from django.db.models import Count

    from bench.table_entry_session import standings_mismatches
    from tournaments.night.models import Result, TableSubmission

    stored = dict(
        Result.objects.filter(board__session__in=sessions)
        .values_list("board__session")
        .annotate(n=Count("pk"))
        .values_list("board__session", "n")
    )
    submitted = dict(
        TableSubmission.objects.filter(session__in=sessions)
        .values_list("session")
        .annotate(n=Count("pk"))
        .values_list("session", "n")
    )
    problems = []
    for session in sessions:
        expected = expected_results.get(session.pk, 0)
        if stored.get(session.pk, 0) != expected or submitted.get(session.pk, 0) != expected:
            problems.append(
                f"session {session.pk}: {stored.get(session.pk, 0)} results and "
                f"{submitted.get(session.pk, 0)} submissions stored, {expected} sent"
            )
        problems += [f"session {session.pk}: {problem}" for problem in standings_mismatches(session)]
    return problems
