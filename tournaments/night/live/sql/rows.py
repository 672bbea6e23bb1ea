"""Plain rows: what the scoring reads and writes on every entry, without building models.

A settle reads the rescored boards' results and works out every pair's standing (60 at
30 tables) on every entry; as ``Result`` and ``Standing`` models they cost milliseconds
of Python each time (each class says how many). They answer what the scoring asks of a
model with the model's own properties, and are written back with ``db.sql.update_rows``;
only a new standing becomes a model (``StandingRow.model``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import connection

from tournaments.db.sql import with_tables
from tournaments.night.models import Result, Session, Standing

if TYPE_CHECKING:
    from tournaments.bridge.adjusted import Assigned

# A result's derived figures, in the order the scoring reads, compares and writes them.
RESULT_FIGURES = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage", "ns_imps", "ew_imps"]

# A standing's figures, in the order a settle works them out and writes them.
STANDING_FIELDS = ["rank", "tied", "matchpoints", "percentage", "boards_played", "total_score", "imps"]


class PlainRow:
    """A row read or worked out on every entry, kept as plain attributes (its ``__slots__``) in order.

    Building models for these cost more Python than the database spent on them.
    """

    __slots__: tuple[str, ...] = ()

    def __init__(self, *values: object) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)


class ScoredResult(PlainRow):
    """A stored result as the scoring reads and writes it: its pairs, what was scored, its figures.

    The settle of every entry reads the rescored boards' results; as ``Result`` models they
    cost some 2 ms of Python for a 30-table board (every column read, converted and set on
    a model), as these plain rows about 0.5 ms. They answer what the scoring asks of a
    ``Result`` with ``Result``'s own properties, so ``board_scored_unsaved`` can still pass
    models.
    """

    __slots__ = (
        "pk",
        "board_id",
        "ns_pair_id",
        "ew_pair_id",
        "ns_score",
        "ns_adjustment",
        "ew_adjustment",
        "assigned",
        "stated_ns_percentage",
        "stated_ew_percentage",
        *RESULT_FIGURES,
    )
    # The slots' types, for the type checker (annotations alone make no class attribute).
    pk: int
    board_id: int
    ns_pair_id: int
    ew_pair_id: int | None
    ns_score: int | None
    ns_adjustment: str
    ew_adjustment: str
    assigned: Any  # an assigned score's parts: JSON text as read, decoded by ``board_results``
    stated_ns_percentage: float | None
    stated_ew_percentage: float | None
    ns_matchpoints: float | None
    ew_matchpoints: float | None
    ns_percentage: float | None
    ew_percentage: float | None
    ns_imps: float | None
    ew_imps: float | None

    if TYPE_CHECKING:  # Result's own properties, whose stubs take a Result for ``self``

        @property
        def is_adjusted(self) -> bool: ...
        @property
        def is_assigned(self) -> bool: ...
        @property
        def assigned_score(self) -> Assigned: ...

    else:
        is_adjusted = Result.is_adjusted
        is_assigned = Result.is_assigned
        assigned_score = Result.assigned_score


# What the scoring takes: a stored result as read for rescoring, or a model (``board_scored_unsaved``).
Scorable = Result | ScoredResult


def board_results(boards: Iterable[int]) -> dict[int, list[ScoredResult]]:
    """Board id -> its results in entry order, read in one query (a board with none maps to [])."""
    by_board: dict[int, list[ScoredResult]] = {board: [] for board in boards}
    if not by_board:
        return by_board
    placeholders = ", ".join(["%s"] * len(by_board))
    assigned = Result._meta.get_field("assigned")
    column = assigned.get_col(Result._meta.db_table)  # what a queryset's read hands the field
    with connection.cursor() as cursor:
        cursor.execute(with_tables(_BOARD_RESULTS, result=Result).format(boards=placeholders), list(by_board))
        for row in cursor.fetchall():
            result = ScoredResult(*row)
            if result.assigned is not None:
                result.assigned = assigned.from_db_value(result.assigned, column, connection)
            by_board[result.board_id].append(result)
    return by_board


_BOARD_RESULTS = """
SELECT id, board_id, ns_pair_id, ew_pair_id, ns_score, ns_adjustment, ew_adjustment, assigned,
       stated_ns_percentage, stated_ew_percentage,
       ns_matchpoints, ew_matchpoints, ns_percentage, ew_percentage, ns_imps, ew_imps
FROM {result} WHERE board_id IN ({{boards}}) ORDER BY id"""


class StandingRow(PlainRow):
    """A pair's standing as a settle works it out: ``Standing``'s figures, without the model.

    A settle works out every pair's standing (60 at 30 tables) and writes the changed ones;
    as ``Standing`` models they cost about a millisecond of Python on every entry.
    """

    __slots__ = ("pk", "pair_id", *STANDING_FIELDS)
    # The slots' types, for the type checker (annotations alone make no class attribute).
    pk: int | None  # None for a standing not yet stored
    pair_id: int
    rank: int
    tied: bool
    matchpoints: float
    percentage: float
    boards_played: int
    total_score: int
    imps: float | None

    if TYPE_CHECKING:  # Standing's own property, whose stub takes a Standing for ``self``

        @property
        def imps_per_board(self) -> float | None: ...

    else:
        imps_per_board = Standing.imps_per_board

    def figures(self) -> tuple:
        """The stored figures, in ``STANDING_FIELDS`` order."""
        return tuple(getattr(self, field) for field in STANDING_FIELDS)

    def model(self, session: Session) -> Standing:
        figures = dict(zip(STANDING_FIELDS, self.figures(), strict=True))
        return Standing(session=session, pair_id=self.pair_id, **figures)
