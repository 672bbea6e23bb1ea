"""Deal a session's boards: securely at random, or from permutations a director supplies.

Dealing analyses every deal double-dummy (about 0.14 s a deal), so two rules keep it
from blocking result entry (issue 13):

- One request deals at most ``MAX_BOARDS_PER_DEAL`` (36) boards: a club session plays
  24 to 27 boards, a long one 36; more in one request is a mistake or an attack, and
  it would hold a worker for seconds.
- The deals and their analyses are computed first, with no transaction and no lock;
  only then are all boards written, in one short transaction. On SQLite (which takes
  the write lock when a transaction starts) other directors' writes wait milliseconds
  instead of failing with "database is locked".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.analysis import BoardAnalysis, board_analysis
from tournaments.bridge import Deal, PermutationError, board_dealer, deal_from_permutation, parse_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.models import Board, Session

MAX_BOARDS_PER_DEAL = 36


def parse_permutation_lines(text: str) -> list[tuple[int, ...]]:
    """Read one permutation of 1..52 a line (blank lines skipped), naming the line at fault."""
    permutations = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            permutations.append(parse_permutation(line))
        except PermutationError as error:
            raise ValidationError({"permutations": f"Line {line_number}: {error}"}) from None
    if not permutations:
        raise ValidationError({"permutations": "No permutations given: one line of 52 numbers per board."})
    return permutations


def _store_deal(board: Board, deal: Deal, analysis: BoardAnalysis) -> None:
    board.north, board.east, board.south, board.west = (deal[seat].pbn() for seat in "NESW")
    board.dd_tricks = analysis.tricks
    board.par_score = analysis.par_score
    board.par_contracts = analysis.par_contracts


def _check_deal_size(count: int, field: str) -> None:
    if count > MAX_BOARDS_PER_DEAL:
        raise ValidationError(
            {
                field: f"Deal at most {MAX_BOARDS_PER_DEAL} boards in one request (a session plays at most "
                f"{MAX_BOARDS_PER_DEAL}); {count} asked for."
            }
        )


def boards_deal(
    *,
    session: Session,
    count: int | None = None,
    permutations: Sequence[Sequence[int]] | None = None,
    first_number: int = 1,
    rng: random.Random | None = None,
) -> list[Board]:
    """Deal boards ``first_number``.. from the permutations given, or ``count`` fresh random ones.

    Each board is dealt by its own dealer (the 16-board cycle). Boards that already
    exist are re-dealt, which a director does before play when a deal is misboarded.
    The analyses run before the write transaction opens (see the module docstring).
    """
    if permutations is None:
        if not count or count < 1:
            raise ValidationError({"count": "Deal at least one board."})
        _check_deal_size(count, "count")
        permutations = [random_permutation(rng) for _ in range(count)]
    _check_deal_size(len(permutations), "permutations")
    dealt = []
    for offset, permutation in enumerate(permutations):
        number = first_number + offset
        deal = deal_from_permutation(permutation, dealer=board_dealer(number))
        dealt.append((number, deal, board_analysis(deal, number)))
    with transaction.atomic():
        boards = []
        for number, deal, analysis in dealt:
            board, _ = Board.objects.get_or_create(session=session, number=number)
            _store_deal(board, deal, analysis)
            board.full_clean()
            board.save()
            boards.append(board)
    return boards


@transaction.atomic
def boards_ensure(*, session: Session, count: int) -> list[Board]:
    """Make sure boards 1..count exist (undealt ones for results without hand records)."""
    existing = set(session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        [Board(session=session, number=number) for number in range(1, count + 1) if number not in existing]
    )
    return list(session.boards.filter(number__lte=count).order_by("number"))
