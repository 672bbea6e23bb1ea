"""Deal a session's boards from a PBN file: all the file's boards, or none.

A dealing machine's file (PBN 2.1, read by ``tournaments.bridge.pbn``) gives the deals a
club will play; importing it deals those board numbers in the session. The
double-dummy analysis takes about 0.14 s a deal, so it is done for every deal before
the write transaction opens: a 36-board file would otherwise hold row locks for five
seconds while results are being entered. A board that already has results is never
re-dealt (its results were scored on other cards); the whole file is then refused.
The file is limited in size and in boards, so an upload cannot keep a worker busy.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.analysis import BoardAnalysis, board_analysis
from tournaments.bridge.pbn import PbnBoard, PbnError, read_pbn_bytes
from tournaments.models import Board, Result, Session

MAX_PBN_BYTES = 1_000_000
MAX_PBN_BOARDS = 200


def check_pbn_file(data: bytes) -> list[PbnBoard]:
    """Read an uploaded PBN file within the limits; raise ``ValidationError`` on the ``file`` field."""
    if len(data) > MAX_PBN_BYTES:
        raise ValidationError(
            {
                "file": f"The file is over {MAX_PBN_BYTES:,} bytes, the most a PBN file may be: "
                "split it into smaller files."
            }
        )
    try:
        boards = read_pbn_bytes(data)
    except PbnError as error:
        raise ValidationError({"file": f"Not a valid PBN file, {error}."}) from None
    if not boards:
        raise ValidationError({"file": "The file holds no board: no game has a [Board] and a [Deal]."})
    if len(boards) > MAX_PBN_BOARDS:
        raise ValidationError(
            {"file": f"The file holds {len(boards)} boards; at most {MAX_PBN_BOARDS} are accepted at once."}
        )
    return boards


def pbn_import(*, session: Session, data: bytes) -> list[Board]:
    """Deal the session's boards from a PBN file's bytes; return them by number.

    Boards the file names are created or re-dealt; other boards of the session are left
    alone. Refused whole, nothing stored, when the file is malformed or too big, or when a
    board it names already has results.
    """
    pbn_boards = check_pbn_file(data)
    analyses = {board.number: board_analysis(board.deal, board.number) for board in pbn_boards}
    return _store(session=session, pbn_boards=pbn_boards, analyses=analyses)


@transaction.atomic
def _store(
    *, session: Session, pbn_boards: list[PbnBoard], analyses: dict[int, BoardAnalysis]
) -> list[Board]:
    numbers = [board.number for board in pbn_boards]
    # Lock the boards first: a result entered meanwhile waits for this transaction to end.
    existing = {
        board.number: board
        for board in Board.objects.select_for_update().filter(session=session, number__in=numbers)
    }
    played = sorted(
        set(
            Result.objects.filter(board__session=session, board__number__in=numbers)
            .order_by()
            .values_list("board__number", flat=True)
        )
    )
    if played:
        listed = ", ".join(map(str, played))
        raise ValidationError(
            {
                "file": f"Already played, with results: board {listed}. "
                "A board that has been played cannot be re-dealt."
            }
        )
    stored = []
    for pbn_board in sorted(pbn_boards, key=lambda board: board.number):
        board = existing.get(pbn_board.number) or Board(session=session, number=pbn_board.number)
        board.north, board.east, board.south, board.west = (pbn_board.deal[seat].pbn() for seat in "NESW")
        analysis = analyses[pbn_board.number]
        board.dd_tricks = analysis.tricks
        board.par_score = analysis.par_score
        board.par_contracts = analysis.par_contracts
        board.full_clean()
        board.save()
        stored.append(board)
    return stored
