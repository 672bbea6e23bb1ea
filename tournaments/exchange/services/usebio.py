"""Store another scorer's USEBIO results file as a new session, all or nothing.

Pairs, players (found by federation number, which changes nothing of the player found,
else by name among the club's own players: ``player_find_or_create``) and every traveller
line are entered through the result services (``result_record``, ``result_adjust``), inside the
import's transaction, so ClubScore scores, matchpoints and ranks them itself; the file's
own figures are then compared with ClubScore's (``services.usebio_differences``) and every
difference is listed. The session is kept: the file's scorer may follow another rule (a
Law 12C2 average, a datum), and the director decides.

How a file becomes one session:

- **Sections** (Scorer's ``SECTION``s, matchpointed across the field) become the
  session's sections (``Section``: letter, Mitchell or Howell), matchpointed across the
  field, so the boards compare every table as the file did; a section's pairs are
  numbered from ``100 x`` its place (section A's 1 NS is 101 NS, B's is 201 NS). A
  session of Mitchell fields only is a Mitchell; any Howell field makes it a Howell,
  whose pairs keep their directions.
- **A line with no contract and no adjusted score** is a board not played at that table:
  no result is entered (and if the file gave it points, that is a difference).
- **Boards** are the ones the file names (none invented), dealt from its ``HANDSET`` where
  it has one (not analysed double-dummy: it would hold the import for 0.14 s a board).
- **Artificial adjusted scores** (``A6040``): each side's percentage is the club's
  Average-plus/Average/Average-minus, or else the Law's 60/50/40; any other figure is
  refused by name, since ClubScore would have to invent its meaning. A Compscore file
  states the matchpoints its director gave the line (an ``A5050`` may get 23 and 11 of
  40), and may set a played line's by hand: those are kept as the line's percentages
  (``services.usebio_stated``), so the pairs' figures are Compscore's.
- **Event types** ClubScore does not score are refused by name, nothing stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.formats.usebio import (
    BUTLER,
    CROSS_IMPS,
    MATCHPOINTS,
    PairKey,
    TravellerLine,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    read_usebio,
)
from tournaments.bridge.formats.usebio.awards import UsebioAwards, read_usebio_awards
from tournaments.bridge.handicaps import HandicapError, from_usebio_handicap
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.exchange.services.usebio_awards import award_differences
from tournaments.exchange.services.usebio_differences import (
    LineResult,
    not_played_differences,
    usebio_differences,
)
from tournaments.exchange.services.usebio_lines import (
    lines_within,
    mark_point_type,
    stated_score_add,
    stated_score_notes,
)
from tournaments.exchange.services.usebio_sections import sections_add, session_numbers
from tournaments.exchange.services.usebio_stated import scorer_stated_keep, stated_keep
from tournaments.night.bridge_errors import translated
from tournaments.night.models import (
    Adjustment,
    Board,
    Movement,
    Pair,
    Result,
    ScoringMethod,
    Section,
    Session,
)
from tournaments.night.services.locks import session_locked
from tournaments.night.services.movement import session_play_for_results
from tournaments.night.services.results import AdjustedEntry, ResultEntry, result_adjust, result_record
from tournaments.night.services.scoring.settle import scores_settle_locked
from tournaments.night.services.sessions import player_find_or_create, session_create

MAX_USEBIO_BYTES = 5_000_000
# A congress of 60 tables and 27 boards writes 1,620 lines; each takes about 3 ms to enter,
# so a file cannot hold a worker for more than seconds (twice: the preview, then the import).
MAX_USEBIO_LINES = 2_000
_SCORING = {
    MATCHPOINTS: ScoringMethod.MATCHPOINTS,
    CROSS_IMPS: ScoringMethod.CROSS_IMPS,
    BUTLER: ScoringMethod.BUTLER,
}
Read = TypeVar("Read")
_LAW_PERCENTAGES = {60: Adjustment.AVERAGE_PLUS, 50: Adjustment.AVERAGE, 40: Adjustment.AVERAGE_MINUS}


@dataclass(frozen=True)
class UsebioImport:
    """The session a USEBIO file became, and where ClubScore's figures differ from the file's."""

    session: Session
    differences: list[str]


def check_usebio_file(data: bytes) -> UsebioEvent:
    """Read an uploaded USEBIO file within the size limit; raise ``ValidationError`` on ``file``."""
    return checked_usebio(data, read_usebio)


def checked_usebio(data: bytes, reader: Callable[[bytes], Read]) -> Read:
    """Read an uploaded file with ``reader`` (pairs or individual) within the size limit;
    raise ``ValidationError`` on ``file`` naming what the reader refused."""
    if len(data) > MAX_USEBIO_BYTES:
        raise ValidationError(
            {
                "file": _("The file is over %(most)s bytes, the most a USEBIO file may be.")
                % {"most": f"{MAX_USEBIO_BYTES:,}"}
            }
        )
    try:
        return reader(data)
    except UsebioError as error:
        raise ValidationError(
            {"file": _("Not a USEBIO file ClubScore can read: %(error)s.") % {"error": error}}
        ) from None


def usebio_import(
    *, club: Club, data: bytes, name: str = "", user: User | None = None, scale_imps: bool = False
) -> UsebioImport:
    """Store a USEBIO file of another scorer as a new session of the club, all or nothing.

    ``scale_imps``: a cross-IMP pair who played fewer boards stands at its IMPs scaled to the
    field's boards (the EBU's practice, ``Session.imps_scaled``), not at its raw sum.
    """
    event = check_usebio_file(data)
    return usebio_store(
        club=club, event=event, name=name, user=user, awards=read_usebio_awards(data), scale_imps=scale_imps
    )


def usebio_store(
    *,
    club: Club,
    event: UsebioEvent,
    name: str = "",
    user: User | None = None,
    awards: UsebioAwards | None = None,
    scale_imps: bool = False,
) -> UsebioImport:
    """Store a read USEBIO event as a new session (see the module docstring); list the differences,
    the file's master points (``awards``) among them; ``scale_imps`` as ``usebio_import``'s."""
    lines = sum(len(board.lines) for board in event.boards)
    lines_within(lines, MAX_USEBIO_LINES)
    numbers = session_numbers(event)
    with write():
        session = session_create(
            club=club,
            date=event.date,
            name=(name or event.description)[:120],
            movement=Movement.MITCHELL if event.is_mitchell else Movement.HOWELL,
            scoring=_SCORING[event.event_type],
        )
        session = session_play_for_results(session=session)  # its lines were played (issue 28)
        _mark_arrow_switch(session, event)
        sections = sections_add(session, event)
        pairs = {
            pair.key: _pair_add(session, pair, numbers[pair.key], sections.get(pair.key.section))
            for pair in _pairs_who_played(event)
        }
        _mark_handicapped(session, event)
        _mark_imps_scaled(session, event, scale_imps)
        mark_point_type(session, awards)
        boards = _boards_add(session, event)
        results, not_played = [], []
        notes: list[str] = []
        for usebio_board in event.boards:
            board = boards[usebio_board.number]
            for index, line in enumerate(usebio_board.lines, start=1):
                where = _line_where(usebio_board.number, usebio_board.section, index, line)
                if not line.played:  # no result: the pairs sat the board out, as ClubScore has it
                    not_played.append((line, where))
                    continue
                line = readable_lead(line, where, notes)
                result = usebio_line_add(board, line, pairs, where, user)
                results.append(LineResult(usebio_board, line, where, result))
        _datums_store(event, boards)
        locked = session_locked(session, Session.objects.select_related("club"))
        scores_settle_locked(locked, inserted=True, keep_datums=True)
        stated = stated_keep(event, results)  # marks the boards of the lines it keeps
        stated += scorer_stated_keep(event, results)
        scores_settle_locked(locked, keep_datums=True)
        notes += stated
        differences = stated_score_notes(event, _line_where) + notes + not_played_differences(not_played)
        differences += usebio_differences(locked, event, pairs, results)
        differences += award_differences(locked, event, pairs, awards)
    return UsebioImport(session, differences)


def _mark_handicapped(session: Session, event: UsebioEvent) -> None:
    """A file whose pairs state a ``HANDICAP`` (Scorer's handicap pairs) is a handicap event."""
    if event.event_type == MATCHPOINTS and any(pair.handicap for pair in event.pairs):
        session.handicapped = True
        session.save(update_fields=["handicapped", "updated_at"])


def _mark_imps_scaled(session: Session, event: UsebioEvent, scale_imps: bool) -> None:
    """A cross-IMP file imported with its short pairs' IMPs scaled (the EBU's practice) keeps that setting."""
    if scale_imps and event.event_type == CROSS_IMPS:
        session.imps_scaled = True
        session.save(update_fields=["imps_scaled", "updated_at"])


def _handicap(pair: UsebioPair) -> Decimal | None:
    """The pair's handicap from the file's ``HANDICAP`` (half of it: ``bridge.handicaps``)."""
    if not pair.handicap:
        return None
    try:
        return from_usebio_handicap(pair.handicap)
    except HandicapError as error:
        raise ValidationError(
            {
                "file": _("Pair %(pair)s: %(error)s (HANDICAP %(handicap)s)")
                % {"pair": pair.label, "error": translated(error), "handicap": pair.handicap}
            }
        ) from error


def _mark_arrow_switch(session: Session, event: UsebioEvent) -> None:
    """Let a Mitchell's EW pairs sit NS on a line (an arrow switch), as ClubScore's own arrow switch does.

    The file gives no rounds, and the imported session has no movement to switch on: any
    round marks it (the results and the one ranking are what count).
    """
    crossed = any(
        line.ns_pair.direction == "EW" or line.ew_pair.direction == "NS"
        for board in event.boards
        for line in board.lines
    )
    if session.is_mitchell and crossed:
        session.arrow_switch_rounds = [1]
        session.save(update_fields=["arrow_switch_rounds"])


def readable_lead(line: TravellerLine, where: str, notes: list[str]) -> TravellerLine:
    """The line with its lead, or without one ClubScore cannot read as a card (and a note of it)."""
    try:
        parse_lead(line.lead)
    except CardError:
        notes.append(f"{where}: the lead {line.lead!r} is not a card; the result is stored without it.")
        return replace(line, lead="")
    return line


def _pairs_who_played(event: UsebioEvent) -> list[UsebioPair]:
    """The event's pairs, less a nameless one that played nothing (a phantom some scorers list)."""
    seated = {key for board in event.boards for line in board.lines for key in (line.ns_pair, line.ew_pair)}
    for pair in event.pairs:
        if not pair.players and pair.key in seated:
            raise ValidationError(
                {
                    "file": _("Pair %(pair)s has results, but the file names none of its players.")
                    % {"pair": pair.label}
                }
            )
    return [pair for pair in event.pairs if pair.players]


def _pair_add(session: Session, pair: UsebioPair, number: int, section: Section | None = None) -> Pair:
    players = [
        player_find_or_create(
            club=session.club, name=player.name[:120], federation_number=player.federation_number[:20]
        )
        for player in pair.players
    ]
    created = Pair(
        session=session,
        section=section,
        number=number,
        direction=pair.direction,
        player1=players[0],
        player2=players[1] if len(players) > 1 else None,
        handicap=_handicap(pair),
    )
    created.full_clean()
    created.save()
    return created


def _boards_add(session: Session, event: UsebioEvent) -> dict[int, Board]:
    deals = {deal.number: deal for deal in event.deals}
    numbers = sorted({board.number for board in event.boards} | set(deals))
    boards = []
    for number in numbers:
        board = Board(session=session, number=number)
        if number in deals:
            deal = deals[number]
            board.north, board.east, board.south, board.west = deal.north, deal.east, deal.south, deal.west
        board.full_clean(exclude=["session"])
        boards.append(board)
    Board.objects.bulk_create(boards)
    return {board.number: board for board in session.boards.select_related("session")}


def _datums_store(event: UsebioEvent, boards: dict[int, Board]) -> None:
    """Keep a Butler file's datum (``BOARD_AVERAGE``) on its boards, so their IMPs are the file's.

    A board whose sections give different datums keeps none (ClubScore's own then applies,
    and the differences list it).
    """
    if event.event_type != BUTLER:
        return
    given: dict[int, set[int]] = {}
    for usebio_board in event.boards:
        if usebio_board.datum is not None:
            given.setdefault(usebio_board.number, set()).add(usebio_board.datum)
    kept = []
    for number, datums in given.items():
        if len(datums) == 1:
            boards[number].butler_datum = datums.pop()
            kept.append(boards[number])
    Board.objects.bulk_update(kept, ["butler_datum"])


def _line_where(number: int, section: str, index: int, line: TravellerLine) -> str:
    figures = {
        "board": number,
        "section": section,
        "line": index,
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
    }
    if section:
        return _("Board %(board)d of section %(section)s, line %(line)d (%(ns)s v %(ew)s)") % figures
    return _("Board %(board)d, line %(line)d (%(ns)s v %(ew)s)") % figures


def _adjustment(club: Club, percentage: int, where: str) -> str:
    """The club's adjustment that gives this percentage (its own figures first, then the Law's)."""
    club_figures = {
        club.average_plus: Adjustment.AVERAGE_PLUS,
        50: Adjustment.AVERAGE,
        club.average_minus: Adjustment.AVERAGE_MINUS,
    }
    found = club_figures.get(percentage) or _LAW_PERCENTAGES.get(percentage)
    if found is None:
        raise ValidationError(
            {
                "file": _(
                    "%(where)s: an adjusted score of %(percentage)s%% is not Average-plus, Average or"
                    " Average-minus (%(plus)s, 50 or %(minus)s%% at %(club)s)."
                )
                % {
                    "where": where,
                    "percentage": percentage,
                    "plus": f"{club.average_plus:g}",
                    "minus": f"{club.average_minus:g}",
                    "club": club.name,
                }
            }
        )
    return found


def usebio_line_add(
    board: Board, line: TravellerLine, pairs: dict[PairKey, Pair], where: str, user: User | None
) -> Result:
    ns_pair, ew_pair = pairs[line.ns_pair], pairs[line.ew_pair]
    if line.stated:
        return stated_score_add(board, line, ns_pair, ew_pair, user)
    try:
        if line.adjusted is not None:
            club = board.session.club
            entry = AdjustedEntry(
                ns_pair,
                ew_pair,
                _adjustment(club, line.adjusted.ns_percentage, where),
                _adjustment(club, line.adjusted.ew_percentage, where),
            )
            return result_adjust(board=board, entry=entry, user=user)
        played = ResultEntry(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            contract="Pass" if line.contract == Result.PASSED_OUT else line.contract,
            declarer=line.declarer,
            result="" if line.tricks is None else str(line.tricks),
            lead=line.lead,
        )
        # Settled once for the whole file below, not line by line.
        return result_record(board=board, entry=played, user=user, settle=False)
    except ValidationError as error:
        if "file" in getattr(error, "error_dict", {}):
            raise
        raise ValidationError({"file": f"{where}: {' '.join(error.messages)}"}) from None
