"""Deal a session's boards from a PBN file, all or nothing (USEBIO: ``services.usebio``).

A dealing machine's file (PBN 2.1, read by ``tournaments.bridge.formats.pbn``) gives the deals a
club will play; importing it deals those board numbers in the session. Another scorer's
file also carries the results of its tables: they are counted, and entered as the
boards' travellers when the director asks (``services.pbn_travellers``). The
double-dummy analysis takes about 0.14 s a deal, so it is done for every deal before
the write transaction opens: a 36-board file would otherwise hold row locks for five
seconds while results are being entered. A file that gives its deals' tricks
([DoubleDummyTricks], as dealing programs and ClubScore's own export write) is taken at
its word and only par is worked out: 200 boards in about a second instead of 20-50 s.
A file without them (more than four boards to solve) is stored with the analyses empty,
and a job of the task queue works them out after the answer (``services.deal_analysis``, issue 24).
A board that already has results is never re-dealt (its results were scored on other
cards); the whole file is then refused. The file is limited in size and in boards, so
an upload cannot keep a worker busy. A file of several events (a congress's results, the
PBN Verifier's test file) is imported one event at a time: without the event named it is
refused, listing its events (``pbn_file_events`` gives them to the upload page).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.formats.pbn import (
    PbnBoard,
    PbnError,
    PbnEvent,
    PbnEventChoice,
    PbnFile,
    decode_pbn,
    pbn_events,
    read_pbn_file,
)
from tournaments.core.services.writes import write
from tournaments.exchange.services.pbn_travellers import travellers_enter
from tournaments.night.analysis import BoardAnalysis, board_analysis, board_analysis_from_tricks
from tournaments.night.models import Board, Result, Session
from tournaments.night.services.deal_analysis import analysis_request, analysis_store_fields, in_background
from tournaments.night.services.locks import session_locked
from tournaments.night.services.sessions import refuse_if_finished

MAX_PBN_BYTES = 1_000_000
MAX_PBN_BOARDS = 200
MAX_PBN_RESULTS = 5_000


@dataclass(frozen=True)
class PbnImport:
    """What a PBN import did: the boards dealt, and the file's results entered or only counted.

    ``results_in_file`` is what the file carries; ``results_entered`` is 0 unless the
    import was asked to enter them. ``skipped`` names the file's lines of results that
    cannot be entered (artificial scores), ``differences`` where the file's stated scores
    differ from ClubScore's.
    """

    boards: list[Board]
    results_in_file: int = 0
    results_entered: int = 0
    skipped: tuple[str, ...] = ()
    differences: tuple[str, ...] = ()


def pbn_file_events(data: bytes) -> list[PbnEvent]:
    """The events an uploaded file holds, for the director to choose; [] when it cannot be read.

    A file that cannot be read is refused by the import itself, with its line.
    """
    if len(data) > MAX_PBN_BYTES:
        return []
    try:
        return pbn_events(decode_pbn(data))
    except PbnError:
        return []


def check_pbn_file(data: bytes, event: str | None = None) -> PbnFile:
    """Read an uploaded PBN file within the limits; raise ``ValidationError`` on the ``file`` field.

    ``event``: the event to take from a file of several (see ``read_pbn_file``).
    """
    if len(data) > MAX_PBN_BYTES:
        raise ValidationError(
            {
                "file": _(
                    "The file is over %(most)s bytes, the most a PBN file"
                    " may be: split it into smaller files."
                )
                % {"most": f"{MAX_PBN_BYTES:,}"}
            }
        )
    try:
        read = read_pbn_file(decode_pbn(data), event)
    except PbnError as error:
        raise ValidationError({"file": _("Not a valid PBN file, %(error)s.") % {"error": error}}) from None
    except PbnEventChoice as error:
        raise ValidationError(
            {"file": _("Choose the event to import: %(error)s.") % {"error": error}}
        ) from None
    if not read.boards:
        raise ValidationError({"file": _("The file holds no board: no game has a [Board] and a [Deal].")})
    if len(read.boards) > MAX_PBN_BOARDS:
        raise ValidationError(
            {
                "file": _("The file holds %(boards)d boards; at most %(most)d are accepted at once.")
                % {"boards": len(read.boards), "most": MAX_PBN_BOARDS}
            }
        )
    if len(read.results.results) > MAX_PBN_RESULTS:
        raise ValidationError(
            {
                "file": _("The file holds %(results)s results; at most %(most)s are accepted at once.")
                % {"results": f"{len(read.results.results):,}", "most": f"{MAX_PBN_RESULTS:,}"}
            }
        )
    return read


def pbn_import(
    *,
    session: Session,
    data: bytes,
    results: bool = False,
    user: User | None = None,
    event: str | None = None,
) -> PbnImport:
    """Deal the session's boards from a PBN file's bytes, and with ``results`` enter its results.

    Boards the file names are created or re-dealt; other boards of the session are left
    alone. The file's results (``bridge.pbn.results``) become the boards' travellers when
    ``results`` is asked (``services.pbn_travellers``), else they are only counted, so the
    director can choose. Refused whole, nothing stored, when the file is malformed or too
    big, when a board it names already has results, or when a result it carries is refused.
    ``event`` names the event to take from a file of several.
    """
    read = check_pbn_file(data, event)
    later = in_background(sum(1 for board in read.boards if not board.dd_tricks))
    analyses = {board.number: _analysis(board, later=later) for board in read.boards}
    done = _store(session=session, read=read, analyses=analyses, results=results, user=user)
    if later:
        analysis_request(session.pk)
    return done


def _analysis(pbn_board: PbnBoard, *, later: bool) -> BoardAnalysis | None:
    """The file's own double-dummy tricks when it gives them (no solver: issue 24), else DDS's.

    ``later``: DDS's is left to a job of the queue (None).
    """
    if pbn_board.dd_tricks:
        return board_analysis_from_tricks(pbn_board.dd_tricks, pbn_board.number)
    return None if later else board_analysis(pbn_board.deal, pbn_board.number)


@write()
def _store(
    *,
    session: Session,
    read: PbnFile,
    analyses: dict[int, BoardAnalysis | None],
    results: bool,
    user: User | None,
) -> PbnImport:
    pbn_boards = read.boards
    numbers = [board.number for board in pbn_boards]
    # Lock the session, as every result write does first: a result entered meanwhile, or a
    # second upload, waits for this transaction, so no board is re-dealt under a new result.
    refuse_if_finished(session_locked(session, Session.objects.only("pk", "state")), "dealing")
    existing = {board.number: board for board in Board.objects.filter(session=session, number__in=numbers)}
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
                "file": _(
                    "Already played, with results: board %(boards)s. A board"
                    " that has been played cannot be re-dealt."
                )
                % {"boards": listed}
            }
        )
    stored = []
    for pbn_board in sorted(pbn_boards, key=lambda board: board.number):
        board = existing.get(pbn_board.number) or Board(session=session, number=pbn_board.number)
        board.north, board.east, board.south, board.west = (pbn_board.deal[seat].pbn() for seat in "NESW")
        analysis_store_fields(board, analyses[pbn_board.number])
        board.full_clean()
        board.save()
        stored.append(board)
    found = read.results
    if not results or not found.results:
        return PbnImport(stored, results_in_file=len(found.results), skipped=found.skipped)
    by_number = {board.number: board for board in stored}
    differences = travellers_enter(session=session, boards=by_number, results=found, user=user)
    return PbnImport(
        stored,
        results_in_file=len(found.results),
        results_entered=len(found.results),
        skipped=found.skipped,
        differences=tuple(differences),
    )
