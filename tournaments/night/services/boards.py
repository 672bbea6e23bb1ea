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
- More than ``deal_analysis.SYNCHRONOUS_UP_TO`` (4) deals are stored without their
  analyses, which a job of the task queue works out after the answer (issues 24, 47); up
  to 4 (a demo, a misboarded deal re-dealt) are analysed here, under a second, and shown
  at once.

Re-dealing a board that already has results replaces the hands and par its results
were played on: it is refused, naming the boards, unless the director confirms
(``redeal_played``), and a confirmed re-deal of such a board is audited as a
``ResultChange`` with the old and new hands and par (shown on the session's audit page).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge import Deal, PermutationError, board_dealer, deal_from_permutation, parse_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.core.services.writes import write
from tournaments.night.analysis import BoardAnalysis, board_analysis
from tournaments.night.models import AuditAction, Board, Result, ResultChange, Session
from tournaments.night.services.deal_analysis import analysis_request, analysis_store_fields, in_background
from tournaments.night.services.locks import session_locked, session_write
from tournaments.night.services.sessions import refuse_if_finished

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
            raise ValidationError(
                {
                    "permutations": _("Line %(line_number)s: %(error)s")
                    % {"line_number": line_number, "error": error}
                }
            ) from None
    if not permutations:
        raise ValidationError({"permutations": _("No permutations given: one line of 52 numbers per board.")})
    return permutations


def _store_deal(board: Board, deal: Deal, analysis: BoardAnalysis | None) -> None:
    board.north, board.east, board.south, board.west = (deal[seat].pbn() for seat in "NESW")
    analysis_store_fields(board, analysis)


def _check_deal_size(count: int, field: str) -> None:
    if count > MAX_BOARDS_PER_DEAL:
        raise ValidationError(
            {
                field: _(
                    "Deal at most %(max_boards_per_deal)s boards in one request (a session plays at "
                    "most %(max_boards_per_deal)s); %(count)s asked for."
                )
                % {"max_boards_per_deal": MAX_BOARDS_PER_DEAL, "count": count}
            }
        )


def _played_numbers(session: Session, numbers: list[int]) -> list[int]:
    """The board numbers among ``numbers`` that already have results."""
    played = Result.objects.filter(board__session=session, board__number__in=numbers)
    return sorted(set(played.values_list("board__number", flat=True)))


def _refuse_unconfirmed_redeal(played: list[int]) -> None:
    if played:
        names = ", ".join(str(number) for number in played)
        subject = (_("Board %(names)s has") if len(played) == 1 else _("Boards %(names)s have")) % {
            "names": names
        }
        raise ValidationError(
            {
                "redeal_played": _(
                    "%(subject)s results: re-dealing replaces the hands and par they were played on. "
                    "Tick the confirmation to re-deal anyway (it is written to the audit log)."
                )
                % {"subject": subject}
            }
        )


def _deal_record(board: Board) -> dict[str, object]:
    """A board's hands and par as the audit log keeps them."""
    return {
        "north": board.north,
        "east": board.east,
        "south": board.south,
        "west": board.west,
        "par_score": board.par_score,
        "par_contracts": board.par_contracts,
    }


def boards_deal(
    *,
    session: Session,
    count: int | None = None,
    permutations: Sequence[Sequence[int]] | None = None,
    first_number: int = 1,
    rng: random.Random | None = None,
    redeal_played: bool = False,
    user: User | None = None,
    background: bool | None = None,
) -> list[Board]:
    """Deal boards ``first_number``.. from the permutations given, or ``count`` fresh random ones.

    Each board is dealt by its own dealer (the 16-board cycle). Boards that already
    exist are re-dealt, which a director does before play when a deal is misboarded.
    The analyses run before the write transaction opens (see the module docstring), or,
    for more than a few boards (``background``, by default as the settings say), after
    the answer in a job of the queue (``services.deal_analysis``). A board with results is
    re-dealt only with ``redeal_played``, and audited as done by ``user``.
    """
    refuse_if_finished(session, "dealing")
    if permutations is None:
        if not count or count < 1:
            raise ValidationError({"count": _("Deal at least one board.")})
        _check_deal_size(count, "count")
        permutations = [random_permutation(rng) for _ in range(count)]
    _check_deal_size(len(permutations), "permutations")
    numbers = [first_number + offset for offset in range(len(permutations))]
    if not redeal_played:
        _refuse_unconfirmed_redeal(_played_numbers(session, numbers))  # before the slow part
    later = in_background(len(permutations)) if background is None else background
    dealt = []
    for offset, permutation in enumerate(permutations):
        number = first_number + offset
        deal = deal_from_permutation(permutation, dealer=board_dealer(number))
        dealt.append((number, deal, None if later else board_analysis(deal, number)))
    # Lock the session as result entry does, so no result arrives between the check and the write.
    with session_write(session, Session.objects.only("pk", "state")) as locked:
        refuse_if_finished(locked, "dealing")
        played = set(_played_numbers(session, numbers))
        if not redeal_played:
            _refuse_unconfirmed_redeal(sorted(played))
        boards = []
        for number, deal, analysis in dealt:
            board, _created = Board.objects.get_or_create(session=session, number=number)
            before = _deal_record(board)
            _store_deal(board, deal, analysis)
            board.full_clean()
            board.save()
            if number in played:
                ResultChange.objects.create(
                    session=session,
                    board_number=number,
                    action=AuditAction.REDEAL,
                    user=user if user is not None and user.is_authenticated else None,
                    before=before,
                    after=_deal_record(board),
                )
            boards.append(board)
    if later:
        analysis_request(session.pk)
    return boards


@write()
def boards_ensure(*, session: Session, count: int) -> list[Board]:
    """Make sure boards 1..count exist (undealt ones for results without hand records).

    Boards another request has just made are left alone (a double-clicked Set, issue 24).
    A finished session is refused: its boards are published (issue 24, point 12).
    """
    locked = session_locked(session, Session.objects.only("pk", "state"))
    refuse_if_finished(locked, "creating boards")
    existing = set(session.boards.values_list("number", flat=True))
    Board.objects.bulk_create(
        [Board(session=session, number=number) for number in range(1, count + 1) if number not in existing],
        ignore_conflicts=True,
    )
    return list(session.boards.filter(number__lte=count).order_by("number"))
