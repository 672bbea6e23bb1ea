"""Read the director's session page: what the session holds, step by step as the evening goes.

The page is ordered as a club night runs (movement, pairs, boards, play, results) and
offers only what can be done next: "Start play" once the pairs are seated and the boards
exist, the seating form while pairs can still be seated. Those decisions are reads of
the session, made here once, so the template only shows what this says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, Q

from tournaments.bridge import movements as rules
from tournaments.night.models import Board, Movement, Pair, Session, SessionState
from tournaments.night.selectors import public
from tournaments.night.selectors.movements import TableRound, movement_rounds, session_movement
from tournaments.night.selectors.publication import seats_to_fill

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    from tournaments.night.selectors.public import ResultCount

# Without a movement, the boards a session usually plays: the number-of-boards field's default.
DEFAULT_BOARD_COUNT = 24


@dataclass(frozen=True)
class AnalysisProgress:
    """How many of the session's dealt boards have their double-dummy analysis (issue 24)."""

    done: int
    dealt: int

    @property
    def pending(self) -> bool:
        return self.done < self.dealt


def analysis_progress(session: Session) -> AnalysisProgress:
    """Count the dealt boards and those analysed (one count query)."""
    counts = (
        Board.objects.filter(session=session)
        .exclude(north="")
        .aggregate(dealt=Count("pk"), done=Count("pk", filter=Q(dd_tricks__isnull=False)))
    )
    return AnalysisProgress(done=counts["done"], dealt=counts["dealt"])


@dataclass(frozen=True)
class SessionPage:
    """The session page's figures, and which of the evening's steps are open."""

    session: Session
    pairs: list[Pair]
    boards: list[WithAnnotations[Board, ResultCount]]
    standings_tables: list
    movement: rules.Movement | None
    movement_rounds: list[list[TableRound]]
    analysis: AnalysisProgress
    # The movement's empty numbers, when a table would have neither of its pairs (``seats_to_fill``).
    empty_seats: list[str]

    @property
    def in_preparation(self) -> bool:
        return self.session.state == SessionState.PREPARATION

    @property
    def in_play(self) -> bool:
        return self.session.state == SessionState.PLAY

    @property
    def finished(self) -> bool:
        return self.session.state == SessionState.FINISHED

    @property
    def has_results(self) -> bool:
        """Whether any board has a result: a session without one may be deleted (issue 28, point 5)."""
        return any(board.result_count for board in self.boards)

    @property
    def boards_expected(self) -> int | None:
        """The boards the movement plays, or None without a movement."""
        return self.movement.boards_total() if self.movement else None

    @property
    def rounds_planned(self) -> int:
        """The rounds the night plays, as the director chose them.

        A Swiss pairs' movement holds only the rounds drawn so far (none before play), so its
        count of rounds is the session's, not the movement's."""
        if self.movement is None:
            return 0
        if self.session.movement == Movement.SWISS:
            return self.session.movement_rounds or self.movement.rounds
        return self.movement.rounds

    @property
    def board_count_default(self) -> int:
        """What the number-of-boards and deal fields offer: the movement's boards, else what exists."""
        return self.boards_expected or len(self.boards) or DEFAULT_BOARD_COUNT

    @property
    def pairs_ready(self) -> bool:
        """Whether the pairs let play start: a table that can play (two pairs the movement seats
        against each other), and none with neither of its pairs (issue 46, item 3)."""
        if self.movement is None:
            return len(self.pairs) >= 2
        if self.empty_seats:
            return False
        return any(not table.sits_out for tables in self.movement_rounds for table in tables)

    @property
    def all_seated(self) -> bool:
        """Whether every pair the movement numbers is seated (no table waits for a pair)."""
        if self.movement is None:
            return len(self.pairs) >= 2
        return not any(table.sits_out for tables in self.movement_rounds for table in tables)

    @property
    def boards_ready(self) -> bool:
        """Whether every board to be played exists (the movement's, or at least one without a movement)."""
        if self.boards_expected is None:
            return bool(self.boards)
        numbers = {board.number for board in self.boards}
        return all(number in numbers for number in range(1, self.boards_expected + 1))

    @property
    def can_start(self) -> bool:
        return self.in_preparation and self.pairs_ready and self.boards_ready

    @property
    def start_waits_for(self) -> list[str]:
        """What is still to do before play can start, in the director's words."""
        waiting = []
        if not self.pairs_ready:
            waiting.append("seat the pairs")
        if not self.boards_ready:
            waiting.append("create or deal the boards")
        return waiting

    @property
    def can_seat(self) -> bool:
        """Pairs are seated before play, and a late pair may still be seated during it."""
        return not self.finished

    @property
    def boards_can_change(self) -> bool:
        return not self.finished


def session_page(session: Session) -> SessionPage:
    """Return what the director's session page shows (a fixed number of queries)."""
    pairs = public.session_pairs(session)
    movement = session_movement(session)
    return SessionPage(
        session=session,
        pairs=pairs,
        boards=public.session_boards(session),
        standings_tables=public.session_standings(session),
        movement=movement,
        movement_rounds=movement_rounds(session, movement, pairs) if movement else [],
        analysis=analysis_progress(session),
        empty_seats=seats_to_fill(session, pairs) if session.state == SessionState.PREPARATION else [],
    )
