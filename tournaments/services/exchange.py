"""Deal a session's boards from a PBN file; store a USEBIO results file as a session.

Both all or nothing. The USEBIO import is described at ``usebio_import``.

A dealing machine's file (PBN 2.1, read by ``tournaments.bridge.pbn``) gives the deals a
club will play; importing it deals those board numbers in the session. Another scorer's
file also carries the results of its tables: they are counted, and entered as the
boards' travellers when the director asks (``services.pbn_travellers``). The
double-dummy analysis takes about 0.14 s a deal, so it is done for every deal before
the write transaction opens: a 36-board file would otherwise hold row locks for five
seconds while results are being entered. A file that gives its deals' tricks
([DoubleDummyTricks], as dealing programs and ClubScore's own export write) is taken at
its word and only par is worked out: 200 boards in about a second instead of 20-50 s.
A board that already has results is never re-dealt (its results were scored on other
cards); the whole file is then refused. The file is limited in size and in boards, so
an upload cannot keep a worker busy.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.analysis import BoardAnalysis, board_analysis, board_analysis_from_tricks
from tournaments.bridge.pbn import PbnBoard, PbnError, PbnFile, decode_pbn, read_pbn_file
from tournaments.bridge.usebio import TravellerLine, UsebioError, UsebioEvent, UsebioPair, read_usebio
from tournaments.models import Board, Club, Movement, Pair, Result, ScoringMethod, Session, Standing
from tournaments.services.boards import boards_ensure
from tournaments.services.pbn_travellers import travellers_enter
from tournaments.services.results import ResultEntry, result_record
from tournaments.services.sessions import player_find_or_create, session_create

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


def check_pbn_file(data: bytes) -> PbnFile:
    """Read an uploaded PBN file within the limits; raise ``ValidationError`` on the ``file`` field."""
    if len(data) > MAX_PBN_BYTES:
        raise ValidationError(
            {
                "file": f"The file is over {MAX_PBN_BYTES:,} bytes, the most a PBN file may be: "
                "split it into smaller files."
            }
        )
    try:
        read = read_pbn_file(decode_pbn(data))
    except PbnError as error:
        raise ValidationError({"file": f"Not a valid PBN file, {error}."}) from None
    if not read.boards:
        raise ValidationError({"file": "The file holds no board: no game has a [Board] and a [Deal]."})
    if len(read.boards) > MAX_PBN_BOARDS:
        raise ValidationError(
            {
                "file": f"The file holds {len(read.boards)} boards; "
                f"at most {MAX_PBN_BOARDS} are accepted at once."
            }
        )
    if len(read.results.results) > MAX_PBN_RESULTS:
        raise ValidationError(
            {
                "file": f"The file holds {len(read.results.results):,} results; "
                f"at most {MAX_PBN_RESULTS:,} are accepted at once."
            }
        )
    return read


def pbn_import(
    *, session: Session, data: bytes, results: bool = False, user: AbstractBaseUser | None = None
) -> PbnImport:
    """Deal the session's boards from a PBN file's bytes, and with ``results`` enter its results.

    Boards the file names are created or re-dealt; other boards of the session are left
    alone. The file's results (``bridge.pbn.results``) become the boards' travellers when
    ``results`` is asked (``services.pbn_travellers``), else they are only counted, so the
    director can choose. Refused whole, nothing stored, when the file is malformed or too
    big, when a board it names already has results, or when a result it carries is refused.
    """
    read = check_pbn_file(data)
    analyses = {board.number: _analysis(board) for board in read.boards}
    return _store(session=session, read=read, analyses=analyses, results=results, user=user)


def _analysis(pbn_board: PbnBoard) -> BoardAnalysis:
    """The file's own double-dummy tricks when it gives them (no solver: issue 24), else DDS's."""
    if pbn_board.dd_tricks:
        return board_analysis_from_tricks(pbn_board.dd_tricks, pbn_board.number)
    return board_analysis(pbn_board.deal, pbn_board.number)


@transaction.atomic
def _store(
    *,
    session: Session,
    read: PbnFile,
    analyses: dict[int, BoardAnalysis],
    results: bool,
    user: AbstractBaseUser | None,
) -> PbnImport:
    pbn_boards = read.boards
    numbers = [board.number for board in pbn_boards]
    # Lock the session, as every result write does first: a result entered meanwhile, or a
    # second upload, waits for this transaction, so no board is re-dealt under a new result.
    Session.objects.select_for_update().only("pk").get(pk=session.pk)
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


# --- USEBIO ------------------------------------------------------------------------------------

MAX_USEBIO_BYTES = 5_000_000
_SCORING = {
    "MP_PAIRS": ScoringMethod.MATCHPOINTS,
    "CROSS_IMPS": ScoringMethod.CROSS_IMPS,
    "BUTLER_PAIRS": ScoringMethod.BUTLER,
}
# The file states percentages to two decimals; a smaller gap is rounding, not a difference.
PERCENTAGE_TOLERANCE = 0.006


@dataclass(frozen=True)
class UsebioImport:
    """The session a USEBIO file became, and where ClubScore's figures differ from the file's."""

    session: Session
    differences: list[str]


def usebio_import(
    *, club: Club, data: bytes, name: str = "", user: AbstractBaseUser | None = None
) -> UsebioImport:
    """Store a USEBIO file of another scorer as a new session of the club, all or nothing.

    Pairs, players (found by federation number, else by name) and every traveller line
    are entered through ``result_record``, so ClubScore scores and matchpoints them
    itself; the scores, matchpoints and standings the file states are then compared with
    ClubScore's, and each disagreement is reported (the import is kept: the file's
    scorer may use another rule, and the director decides).
    """
    if len(data) > MAX_USEBIO_BYTES:
        raise ValidationError(
            {"file": f"The file is over {MAX_USEBIO_BYTES:,} bytes, the most a USEBIO file may be."}
        )
    try:
        event = read_usebio(data)
    except UsebioError as error:
        raise ValidationError({"file": f"Not a USEBIO file ClubScore can read: {error}."}) from None
    with transaction.atomic():
        session = session_create(
            club=club,
            date=event.date,
            name=name or event.description,
            movement=Movement.MITCHELL if event.is_mitchell else Movement.HOWELL,
            scoring=_SCORING[event.event_type],
        )
        pairs = {(pair.direction, pair.number): _usebio_pair_add(session, pair) for pair in event.pairs}
        count = max((board.number for board in event.boards), default=0)
        boards = (
            {board.number: board for board in boards_ensure(session=session, count=count)} if count else {}
        )
        differences = []
        for usebio_board in event.boards:
            for index, line in enumerate(usebio_board.lines, start=1):
                where = f"Board {usebio_board.number}, line {index}"
                result = _usebio_result(session, boards[usebio_board.number], line, pairs, where, user)
                if result.ns_score != line.ns_score:
                    differences.append(
                        f"{where}: the file scores NS {line.ns_score}, ClubScore {result.ns_score}."
                    )
        differences += _standing_differences(session, event)
    return UsebioImport(session, differences)


def _usebio_pair_add(session: Session, pair: UsebioPair) -> Pair:
    players = [
        player_find_or_create(name=p.name, federation_number=p.federation_number) for p in pair.players
    ]
    created = Pair(
        session=session,
        number=pair.number,
        direction=pair.direction,
        player1=players[0],
        player2=players[1] if len(players) > 1 else None,
    )
    created.full_clean()
    created.save()
    return created


def _usebio_result(
    session: Session,
    board: Board,
    line: TravellerLine,
    pairs: dict[tuple[str, int], Pair],
    where: str,
    user: AbstractBaseUser | None,
) -> Result:
    ns_key = ("NS" if session.is_mitchell else "", line.ns_pair)
    ew_key = ("EW" if session.is_mitchell else "", line.ew_pair)
    for key in (ns_key, ew_key):
        if key not in pairs:
            raise ValidationError(
                {"file": f"{where}: pair {' '.join(map(str, key[::-1])).strip()} is not a participant."}
            )
    entry = ResultEntry(
        ns_pair=pairs[ns_key],
        ew_pair=pairs[ew_key],
        contract="Pass" if line.contract == "PASS" else line.contract,
        declarer=line.declarer,
        result="" if line.tricks is None else str(line.tricks),
        lead=line.lead,
    )
    try:
        return result_record(board=board, entry=entry, user=user)
    except ValidationError as error:
        raise ValidationError({"file": f"{where}: {' '.join(error.messages)}"}) from None


def _standing_differences(session: Session, event: UsebioEvent) -> list[str]:
    standings = {
        (standing.pair.direction, standing.pair.number): standing
        for standing in Standing.objects.filter(session=session).select_related("pair")
    }
    differences = []
    for pair in event.pairs:
        standing = standings.get((pair.direction, pair.number))
        if standing is None or not pair.place and pair.percentage is None:
            continue
        ours = f"{standing.rank}{'=' if standing.tied else ''}"
        if pair.place and pair.place.replace(" ", "") != ours:
            differences.append(f"Pair {pair.label}: the file places it {pair.place}, ClubScore {ours}.")
        if pair.percentage is not None and abs(pair.percentage - standing.percentage) > PERCENTAGE_TOLERANCE:
            differences.append(
                f"Pair {pair.label}: the file gives {pair.percentage:.2f}%, "
                f"ClubScore {standing.percentage:.2f}%."
            )
    return differences
