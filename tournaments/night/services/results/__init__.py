"""Enter, correct and delete results; the score comes from the rules package, never typed.

Each action locks its session's row first, so two directors entering results at the
same moment are serialised: the second sees the first's result and is refused if it
would duplicate it, instead of both landing, and the standings count both.

A result to correct, adjust or delete is read again once the lock is held: another
director may have deleted it since the page was read (or the same director, by a
double-clicked Delete). That is refused with ``ResultGoneError`` ("already deleted"),
which the views answer with a message and the board page, not a 500.

Each action writes the result and its audit entry, then rescores the changed board (with
any board a table's entry marked) and the standings (``services.scoring``), in one
transaction: a reader never sees a result without its matchpoints. A table's entry
(``result_record(settle=False)``, from ``services.table_entry``) only marks its board and
is settled once the tables' sends pause (``services.settle_soon``), so entries arriving
together share one rescoring (docs/decisions.md). Writes pass the SQLite write gate (``services.write_gate``).

One module per step: ``entries`` (what a director enters), ``checks`` (pairs, movement,
score), ``writes`` (the locked write-and-score path), ``adjusted`` (adjusted and assigned
scores), ``audit`` (the log), ``actions`` (the ``result_*`` services). The names callers
use are imported here.
"""

from tournaments.night.services.results.actions import (
    result_adjust,
    result_assign,
    result_correct,
    result_delete,
    result_record,
)
from tournaments.night.services.results.entries import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    NotInMovementError,
    ResultEntry,
    ResultGoneError,
)

__all__ = [
    "AdjustedEntry",
    "AssignedEntry",
    "AssignedPart",
    "NotInMovementError",
    "ResultEntry",
    "ResultGoneError",
    "result_adjust",
    "result_assign",
    "result_correct",
    "result_delete",
    "result_record",
]
