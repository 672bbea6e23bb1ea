"""An individual session as a USEBIO file (decision 83): its players ranked, and who sat where.

Each seated player who played a board is a ``PLAYER`` with his number, name, federation
number, matchpoints, percentage and place (``night.selectors.individual``, the standings
the pages show); once the session is finished with awards, his master points as a pair's
are written (``selectors.usebio``). Each result is a traveller line naming its four players
by number, found from the movement by the North-South partnership that played it
(``bridge.individual.partnership_number``), its result written as a pairs file's line.
"""

from __future__ import annotations

from tournaments.bridge.formats.usebio.awards import UsebioAwards
from tournaments.bridge.formats.usebio.individual import (
    SoloBoard,
    SoloLine,
    UsebioIndividualEvent,
    UsebioSolo,
    write_individual_usebio,
)
from tournaments.bridge.individual import Seating, individual, partnership_number
from tournaments.exchange.selectors.usebio import (
    program_version_text,
    session_deals,
    usebio_awards,
    usebio_line,
)
from tournaments.federation.selectors.awards import session_scale
from tournaments.federation.selectors.pages import individuals_master_points
from tournaments.night.models import Result, Session
from tournaments.night.selectors.individual import individual_places


def _seatings(session: Session) -> dict[int, Seating]:
    """Each table and round's seating, by the number of the North-South partnership that sat it."""
    tables = session.movement_tables or 0
    movement = individual(tables, session.boards_per_round or 0, rounds=session.movement_rounds)
    return {partnership_number(tables, s.round, s.table, "N"): s for s in movement.seatings}


def _boards(session: Session) -> tuple[SoloBoard, ...]:
    seatings = _seatings(session)
    results = (
        Result.objects.filter(board__session=session)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number", "id")
    )
    by_board: dict[int, list[SoloLine]] = {}
    for result in results:
        seating = seatings[result.ns_pair.number]
        line = SoloLine(seating.players, usebio_line(result, session.club, is_imps=False))
        by_board.setdefault(result.board.number, []).append(line)
    return tuple(SoloBoard(number, tuple(lines)) for number, lines in by_board.items())


def individual_usebio_event(session: Session) -> UsebioIndividualEvent:
    """Return the individual as a USEBIO event: its players' standings, travellers and hands."""
    club = session.club
    players = tuple(
        UsebioSolo(
            number=place.number,
            name=place.player.name,
            federation_number=place.player.federation_number,
            place=place.place,
            tied=place.tied,
            total_score=place.matchpoints,
            percentage=place.percentage,
        )
        for place in individual_places(session)
        if place.boards > 0
    )
    return UsebioIndividualEvent(
        club=club.name,
        description=session.name,
        date=session.date,
        program="ClubScore",
        program_version=program_version_text(),
        club_id=club.federation_club_number,
        players=players,
        boards=_boards(session),
        deals=session_deals(session),
    )


def individual_usebio_awards(session: Session) -> UsebioAwards | None:
    """The individual's master points as USEBIO writes them, by player number; None without a federation."""
    scale = session_scale(session)
    if scale is None:
        return None
    points = individuals_master_points([session]) if session.is_finished else {}
    numbers = dict(session.individual_players.values_list("player_id", "number"))
    by_key = {
        UsebioSolo(numbers[player], "").key: amount
        for (_session, player), amount in points.items()
        if player in numbers
    }
    return usebio_awards(session, scale, by_key)


def individual_usebio_bytes(session: Session) -> bytes:
    return write_individual_usebio(individual_usebio_event(session), individual_usebio_awards(session))
