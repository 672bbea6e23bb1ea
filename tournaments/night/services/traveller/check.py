"""The desk grid's live check: the save's judgement without the write, for the page as it is typed.

It reads only: the grid's own problems (a pair twice), the results stored on the boards,
the movement, the contract and its score (``services.results.checks``, as the save's
services run them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.night.models import Result, Session
from tournaments.night.services.results import AdjustedEntry
from tournaments.night.services.results.checks import check_movement, score_entry
from tournaments.night.services.traveller.lines import (
    DeskLine,
    Problems,
    add_problem,
    cells_of,
    entry_of,
    grid_problems,
    plans_of,
    stored_results,
    with_session,
)


@dataclass(frozen=True)
class Checked:
    """The live check of a line: its problems by cell, and North-South's score when it has one."""

    problems: dict[str, list[str]] = field(default_factory=dict)
    ns_score: int | None = None


def traveller_check(
    *, session: Session, lines: Sequence[DeskLine], out_of_order: bool = False
) -> dict[int, Checked]:
    """Judge the grid as the save would, without writing: each line's problems and North-South's score.

    It reads only: the movement, the results stored on the boards, the contract and its
    score. A stored result another line of the grid writes over is that line's; a pair
    clashes only with a stored result no line writes over (the grid checks itself).
    """
    problems = grid_problems(lines)
    stored = stored_results(lines)
    plans = plans_of(session, [line for line in lines if line.complete], stored)
    rewritten = {plan.result.pk for plan in plans if plan.result is not None}
    others = [result for result in stored if result.pk not in rewritten]
    scores = {
        plan.line.index: _check_line(session, plan.line, others, problems, out_of_order) for plan in plans
    }
    return {line.index: Checked(problems.get(line.index, {}), scores.get(line.index)) for line in lines}


def _check_line(
    session: Session, line: DeskLine, others: list[Result], problems: Problems, out_of_order: bool
) -> int | None:
    """Add the line's problems with the stored results and the movement; return its NS score, if any."""
    board = with_session(line.board, session)
    for result in others:
        for cell, pair in (("ns", line.ns_pair), ("ew", line.ew_pair)):
            if (
                result.board_id == board.pk
                and pair is not None
                and pair.pk in (result.ns_pair_id, result.ew_pair_id)
            ):
                message = _("Pair %(pair)s already has a result on board %(board)d (%(result)s).")
                shown = {"pair": pair.label, "board": board.number, "result": result.display}
                add_problem(problems, line.index, cell, message % shown)
    entry = entry_of(line)
    if isinstance(entry, AdjustedEntry):
        return None
    score = None
    try:
        score = score_entry(board, entry).ns_score
        if not out_of_order:
            check_movement(board, entry)
    except ValidationError as error:
        for cell, messages in cells_of(error).items():
            for message in messages:
                add_problem(problems, line.index, cell, message)
    return score
