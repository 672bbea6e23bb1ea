"""Store an individual's USEBIO file (decision 83) as a new individual session, all or nothing.

The file's players are numbered 1 to P, four a table (3 to 8 tables), and each of its
traveller lines names the four players who sat it (``bridge.formats.usebio.individual``).
ClubScore scores an individual by its own movement (``bridge.individual``), so the file is
taken only where every line's four players sit together on that board, in those seats, in
ClubScore's movement for that many players (its boards a round and its rounds are the
ones that seat every line); the first line that does not is refused by board and line.
A file of players only (ImportUsebio's layout, no travellers) says nothing of who sat
where, and is refused too.

The session is then built as a director builds one, through the services: created with
the individual movement, its players seated (found by federation number, else by name:
``player_find_or_create``), play started for a file of results played elsewhere, every
line entered at its two partnerships through the pairs import's own entry
(``services.usebio.usebio_line_add``) and scored once. ClubScore works out every figure
itself; where the file's lines' matchpoints or its players' percentages and places differ,
the difference is listed, as the pairs import lists its own.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import MATCHPOINTS, TravellerLine, UsebioBoard, UsebioEvent
from tournaments.bridge.formats.usebio.individual import (
    SoloBoard,
    SoloLine,
    UsebioIndividualEvent,
    read_individual_usebio,
)
from tournaments.bridge.individual import TABLES, IndividualMovement, individual, partnership_number
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.exchange.services.usebio import (
    MAX_USEBIO_LINES,
    UsebioImport,
    checked_usebio,
    readable_lead,
    usebio_line_add,
)
from tournaments.exchange.services.usebio_differences import (
    PERCENTAGE_TOLERANCE,
    LineResult,
    line_differences,
    not_played_differences,
)
from tournaments.exchange.services.usebio_lines import lines_within
from tournaments.night.models import Board, Movement, Pair, Session
from tournaments.night.selectors.individual import individual_places
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.locks import session_locked
from tournaments.night.services.movement import (
    movement_boards_ensure,
    session_create_with_movement,
    session_play_for_results,
)
from tournaments.night.services.scoring.settle import scores_settle_locked

Seats = tuple[int, int, int, int]


def usebio_individual_import(
    *, club: Club, data: bytes, name: str = "", user: User | None = None
) -> UsebioImport:
    """Store an individual's USEBIO file as a new individual session of the club, all or nothing."""
    event = checked_usebio(data, read_individual_usebio)
    return usebio_individual_store(club=club, event=event, name=name, user=user)


def _players_checked(event: UsebioIndividualEvent) -> int:
    """The number of tables the file's players fill, or a refusal saying what ClubScore seats."""
    numbers = [player.number for player in event.players]
    count = len(numbers)
    if count % 4 or count // 4 not in TABLES or numbers != list(range(1, count + 1)):
        raise ValidationError(
            {
                "file": _(
                    "The file's individual has %(count)d players, numbered %(numbers)s: ClubScore's"
                    " individual movements seat 12 to 32 players, four a table, numbered from 1."
                )
                % {"count": count, "numbers": ", ".join(map(str, numbers[:40]))}
            }
        )
    return count // 4


def _lines(event: UsebioIndividualEvent) -> list[tuple[int, int, SoloLine]]:
    """Every traveller line as (board, line's place on the board, line); refused when there is none."""
    lines = [
        (board.number, index, line)
        for board in event.boards
        for index, line in enumerate(board.lines, start=1)
    ]
    if not lines:
        raise ValidationError(
            {
                "file": _(
                    "The file gives its players' standings but no traveller lines: ClubScore builds"
                    " an individual from who sat where on each board, and the file does not say."
                )
            }
        )
    return lines


def _seated(movement: IndividualMovement) -> set[tuple[int, Seats]]:
    return {(board, seating.players) for seating in movement.seatings for board in seating.boards}


def individual_movement_of(event: UsebioIndividualEvent) -> IndividualMovement:
    """ClubScore's individual movement that seats every line of the file, its fewest rounds.

    Every boards-a-round and rounds are tried (a few hundred small movements at most); a
    file no movement seats whole is refused at the first line of the movement that seats
    the most of them.
    """
    tables = _players_checked(event)
    lines = _lines(event)
    best: tuple[int, IndividualMovement] | None = None
    for boards_per_round in range(1, 9):
        for rounds in range(1, individual(tables, boards_per_round).rounds + 1):
            movement = individual(tables, boards_per_round, rounds=rounds)
            seated = _seated(movement)
            matched = sum((board, line.seats) in seated for board, _index, line in lines)
            if matched == len(lines):
                return movement
            if best is None or matched > best[0]:
                best = (matched, movement)
    assert best is not None
    seated = _seated(best[1])
    board, index, line = next(found for found in lines if (found[0], found[2].seats) not in seated)
    north, east, south, west = line.seats
    raise ValidationError(
        {
            "file": _(
                "Board %(board)d, line %(line)d: players %(north)d (North), %(east)d (East),"
                " %(south)d (South) and %(west)d (West) do not sit so on this board in ClubScore's"
                " individual movement for %(players)d players; ClubScore imports an individual"
                " played to its own movement."
            )
            % {
                "board": board,
                "line": index,
                "north": north,
                "east": east,
                "south": south,
                "west": west,
                "players": 4 * tables,
            }
        }
    )


def _line_where(board: int, index: int, seats: Seats) -> str:
    north, east, south, west = seats
    return _("Board %(board)d, line %(line)d (players %(north)d and %(south)d v %(east)d and %(west)d)") % {
        "board": board,
        "line": index,
        "north": north,
        "south": south,
        "east": east,
        "west": west,
    }


def _deal(session: Session, event: UsebioIndividualEvent) -> dict[int, Board]:
    """The session's boards, dealt from the file's ``HANDSET`` where it gives a board's hands."""
    boards = {board.number: board for board in session.boards.select_related("session")}
    dealt = []
    for deal in event.deals:
        board = boards.get(deal.number)
        if board is not None:
            board.north, board.east, board.south, board.west = deal.north, deal.east, deal.south, deal.west
            board.full_clean(exclude=["session"])
            dealt.append(board)
    Board.objects.bulk_update(dealt, ["north", "east", "south", "west"])
    return boards


def _partnerships(
    session: Session, movement: IndividualMovement
) -> dict[tuple[int, Seats], tuple[Pair, Pair]]:
    """Each (board, four players) of the movement: the two partnerships that sat it, NS and EW."""
    pairs = {pair.number: pair for pair in session.pairs.all()}
    found = {}
    for seating in movement.seatings:
        sides = tuple(
            pairs[partnership_number(movement.tables, seating.round, seating.table, seat)] for seat in "NE"
        )
        for board in seating.boards:
            found[(board, seating.players)] = (sides[0], sides[1])
    return found


def usebio_individual_store(
    *, club: Club, event: UsebioIndividualEvent, name: str = "", user: User | None = None
) -> UsebioImport:
    """Store a read individual as a new individual session (see the module docstring)."""
    lines_within(event.line_count, MAX_USEBIO_LINES)
    movement = individual_movement_of(event)
    shadow = _as_pairs_event(event)
    with write():
        session = session_create_with_movement(
            club=club,
            date=event.date,
            name=(name or event.description)[:120],
            movement=Movement.INDIVIDUAL,
            tables=movement.tables,
            boards_per_round=movement.boards_per_round,
            rounds=movement.rounds,
        )
        individual_players_seat(
            session=session,
            names=[player.name for player in event.players],
            federation_numbers=[player.federation_number for player in event.players],
        )
        movement_boards_ensure(session=session)
        boards = _deal(session, event)
        session = session_play_for_results(session=session)
        sides = _partnerships(session, movement)
        results: list[LineResult] = []
        not_played: list[tuple[TravellerLine, str]] = []
        notes: list[str] = []
        for solo_board, usebio_board in zip(event.boards, shadow.boards, strict=True):
            for index, (solo, line) in enumerate(zip(solo_board.lines, usebio_board.lines, strict=True), 1):
                where = _line_where(solo_board.number, index, solo.seats)
                if not line.played:
                    not_played.append((line, where))
                    continue
                line = readable_lead(line, where, notes)
                ns, ew = sides[(solo_board.number, solo.seats)]
                result = usebio_line_add(
                    boards[solo_board.number], line, {line.ns_pair: ns, line.ew_pair: ew}, where, user
                )
                results.append(LineResult(usebio_board, line, where, result))
        locked = session_locked(session, Session.objects.select_related("club"))
        scores_settle_locked(locked, inserted=True)
        differences = notes + not_played_differences(not_played) + line_differences(locked, shadow, results)
        differences += _player_differences(locked, event)
    return UsebioImport(session, differences)


def _as_pairs_event(event: UsebioIndividualEvent) -> UsebioEvent:
    """The file's boards as a matchpointed pairs event's, for the pairs import's line comparison."""
    return UsebioEvent(
        club=event.club,
        description=event.description,
        date=event.date,
        event_type=MATCHPOINTS,
        boards=tuple(_as_pairs_board(board) for board in event.boards),
    )


def _as_pairs_board(board: SoloBoard) -> UsebioBoard:
    lines: tuple[TravellerLine, ...] = tuple(line.result for line in board.lines)
    return UsebioBoard(board.number, lines)


def _player_differences(session: Session, event: UsebioIndividualEvent) -> list[str]:
    """Each player whose percentage or place in the file is not ClubScore's."""
    ours = {place.number: place for place in individual_places(session)}
    notes = []
    for player in event.players:
        found = ours.get(player.number)
        if found is None:
            continue
        percentage = found.percentage or 0.0
        differs = player.percentage is not None and abs(player.percentage - percentage) > PERCENTAGE_TOLERANCE
        if differs or (player.place is not None and player.place != found.place):
            notes.append(
                _(
                    "Player %(number)d (%(name)s): %(percentage)s%%, place %(place)s in the file;"
                    " %(our_percentage)s%%, place %(our_place)s here."
                )
                % {
                    "number": player.number,
                    "name": player.name,
                    "percentage": "" if player.percentage is None else f"{player.percentage:.2f}",
                    "place": "" if player.place is None else player.place,
                    "our_percentage": f"{percentage:.2f}",
                    "our_place": found.place_text,
                }
            )
    return notes
