"""Deal a session's boards: securely at random, or from permutations a director supplies."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.analysis import board_analysis
from tournaments.bridge import Deal, PermutationError, board_dealer, deal_from_permutation, parse_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.models import Board, Session


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


def _store_deal(board: Board, deal: Deal) -> None:
    board.north, board.east, board.south, board.west = (deal[seat].pbn() for seat in "NESW")
    analysis = board_analysis(deal, board.number)
    board.dd_tricks = analysis.tricks
    board.par_score = analysis.par_score
    board.par_contracts = analysis.par_contracts


@transaction.atomic
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
    """
    if permutations is None:
        if not count or count < 1:
            raise ValidationError({"count": "Deal at least one board."})
        permutations = [random_permutation(rng) for _ in range(count)]
    boards = []
    for offset, permutation in enumerate(permutations):
        number = first_number + offset
        board, _ = Board.objects.get_or_create(session=session, number=number)
        _store_deal(board, deal_from_permutation(permutation, dealer=board_dealer(number)))
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
