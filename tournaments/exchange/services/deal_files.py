"""Deal a session's boards from a dealing machine's file (DUP, DLM, BRI, DGE, BER, PBN, LIN), all or nothing.

The file is read by ``bridge.formats.dealing`` (its format from its bytes, else its
name), within limits, so an upload cannot keep a worker busy: 1,000,000 bytes and 200
boards, as a PBN file (a DLM file holds 99 boards in 6 kB, a 36-board DUP file is
5.6 kB). Importing deals exactly the boards the file names; the session's other boards
are left alone. As when dealing from permutations (``night.services.boards``), a board
that already has results is re-dealt only when the director confirms it (one that has results
but was never dealt, as a results file imports it, is simply dealt), and each such
re-deal is written to the audit log with the old and new hands and par; its results
stay (their scores do not depend on the hands). A board dealt but not played is
re-dealt freely. The double-dummy analyses run before the write's transaction opens
(taken from a PBN file's [DoubleDummyTricks] when it has them), or after the answer in
the background for more than a few boards (``night.services.deal_analysis``).

A preview (the upload page's) and its confirm are two requests; between them the file's
deals wait in the confirm form, signed (``deal_file_token``): the page confirms exactly
what it showed, for that session and that director, within an hour, and nothing is kept
on the server for a preview never confirmed.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.dealing import FORMATS, DealFile, DealFileError, FileBoard, read_deal_file
from tournaments.core.services.writes import write
from tournaments.exchange.selectors.deal_files import number_ranges
from tournaments.night.analysis import BoardAnalysis, board_analysis, board_analysis_from_tricks
from tournaments.night.models import AuditAction, Board, Result, ResultChange, Session
from tournaments.night.services.deal_analysis import analysis_request, analysis_store_fields, in_background
from tournaments.night.services.locks import session_locked
from tournaments.night.services.sessions import refuse_if_finished

MAX_DEAL_FILE_BYTES = 1_000_000
MAX_DEAL_FILE_BOARDS = 200
TOKEN_MAX_AGE = 3600  # seconds a preview waits for its confirmation
_TOKEN_SALT = "tournaments.exchange.deal-file"


def check_deal_file(data: bytes, name: str = "") -> DealFile:
    """Read an uploaded deal file within the limits; raise ``ValidationError`` on the ``file`` field."""
    if len(data) > MAX_DEAL_FILE_BYTES:
        raise ValidationError(
            {
                "file": _("The file is %(size)s bytes, over the %(limit)s a deal file may be.")
                % {"size": f"{len(data):,}", "limit": f"{MAX_DEAL_FILE_BYTES:,}"}
            }
        )
    try:
        read = read_deal_file(data, name)
    except DealFileError as error:
        raise ValidationError(
            {"file": _("Not a deal file ClubScore can read, %(error)s.") % {"error": error}}
        ) from None
    if len(read.boards) > MAX_DEAL_FILE_BOARDS:
        raise ValidationError(
            {
                "file": _("The file holds %(count)s boards; at most %(limit)s are dealt at once.")
                % {"count": len(read.boards), "limit": MAX_DEAL_FILE_BOARDS}
            }
        )
    return read


def deal_file_token(*, session: Session, user: User, deal_file: DealFile, name: str) -> str:
    """Sign a previewed file's deals for its confirmation: this session, this user, within the hour."""
    boards = [
        [
            board.number,
            board.deal.pbn("N"),
            {seat: dict(row) for seat, row in (board.dd_tricks or {}).items()},
        ]
        for board in deal_file.boards
    ]
    payload = {"s": session.pk, "u": user.pk, "f": deal_file.format, "n": name, "b": boards}
    return signing.dumps(payload, salt=_TOKEN_SALT, compress=True)


def deal_file_from_token(token: str, *, session: Session, user: User) -> tuple[DealFile, str]:
    """The file's deals and name a confirm form carries; refused if altered, stale, or another's."""
    try:
        payload = signing.loads(token, salt=_TOKEN_SALT, max_age=TOKEN_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError(
            {"token": _("The preview is over an hour old: upload the file again.")}
        ) from None
    except signing.BadSignature:
        raise ValidationError({"token": _("The preview could not be read: upload the file again.")}) from None
    if payload.get("s") != session.pk or payload.get("u") != user.pk or payload.get("f") not in FORMATS:
        raise ValidationError({"token": _("That preview is for another session: upload the file again.")})
    boards = tuple(FileBoard(number, Deal.from_pbn(deal), dd or None) for number, deal, dd in payload["b"])
    return DealFile(payload["f"], boards), str(payload.get("n", ""))


def deal_file_import(
    *, session: Session, deal_file: DealFile, redeal_played: bool = False, user: User | None = None
) -> list[Board]:
    """Deal the session's boards the file names, all or nothing; boards with results only if confirmed.

    Refused whole, with nothing stored, when the session is finished, or when a board the
    file names has results and ``redeal_played`` is not given (the message names them).
    """
    refuse_if_finished(session, _("dealing"), field="file")
    if not redeal_played:
        _refuse_unconfirmed(
            _played(session, [board.number for board in deal_file.boards])
        )  # before the slow part
    later = in_background(sum(1 for board in deal_file.boards if not board.dd_tricks))
    analyses = {board.number: _analysis(board, later=later) for board in deal_file.boards}
    stored = _store(
        session=session, deal_file=deal_file, analyses=analyses, redeal_played=redeal_played, user=user
    )
    if later:
        analysis_request(session.pk)
    return stored


def _analysis(board: FileBoard, *, later: bool) -> BoardAnalysis | None:
    if board.dd_tricks:
        return board_analysis_from_tricks(board.dd_tricks, board.number)
    return None if later else board_analysis(board.deal, board.number)


def _played(session: Session, numbers: list[int]) -> list[int]:
    """The boards among ``numbers`` that have results and were dealt: re-dealing changes the hands
    their results were played on. A board with results but no deal (a results file's import,
    a legacy session) is being dealt for the first time: its results stay, nothing is replaced."""
    played = Result.objects.filter(board__session=session, board__number__in=numbers).exclude(board__north="")
    return sorted(set(played.order_by().values_list("board__number", flat=True)))


def _refuse_unconfirmed(played: list[int]) -> None:
    if played:
        raise ValidationError(
            {
                "redeal_played": _(
                    "Board %(boards)s already has results: re-dealing replaces the hands and par they were "
                    "played on. Tick the confirmation to re-deal anyway (it is written to the audit log)."
                )
                % {"boards": number_ranges(played)}
            }
        )


def _hands_and_par(board: Board) -> dict[str, object]:
    """A board's hands and par, as the audit log keeps a re-deal's before and after."""
    fields = ("north", "east", "south", "west", "par_score", "par_contracts")
    return {name: getattr(board, name) for name in fields}


@write()
def _store(
    *,
    session: Session,
    deal_file: DealFile,
    analyses: dict[int, BoardAnalysis | None],
    redeal_played: bool,
    user: User | None,
) -> list[Board]:
    # The session's row first, as every result write locks it: a result entered meanwhile
    # waits for this transaction, so the check below sees it.
    refuse_if_finished(
        session_locked(session, Session.objects.only("pk", "state")), _("dealing"), field="file"
    )
    numbers = [board.number for board in deal_file.boards]
    played = set(_played(session, numbers))
    if not redeal_played:
        _refuse_unconfirmed(sorted(played))
    existing = {board.number: board for board in Board.objects.filter(session=session, number__in=numbers)}
    stored = []
    for file_board in sorted(deal_file.boards, key=lambda board: board.number):
        board = existing.get(file_board.number) or Board(session=session, number=file_board.number)
        before = _hands_and_par(board)
        board.north, board.east, board.south, board.west = (file_board.deal[seat].pbn() for seat in "NESW")
        analysis_store_fields(board, analyses[file_board.number])
        board.full_clean()
        board.save()
        if file_board.number in played:
            ResultChange.objects.create(
                session=session,
                board_number=file_board.number,
                action=AuditAction.REDEAL,
                user=user if user is not None and user.is_authenticated else None,
                before=before,
                after=_hands_and_par(board),
            )
        stored.append(board)
    return stored
