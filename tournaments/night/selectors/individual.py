"""Read an individual session: its players by number, and its individual standings.

The standings are matchpointed from the stored North-South scores by the rules
(``bridge.individual_scoring``): each result is keyed back to the table and round of its
North-South partnership (``bridge.individual.partnership_number``), and each player is
credited with his partnership's figures. A result without a score (an artificial adjusted
score) is left out of the individual standings, which say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from tournaments.bridge.individual import individual, player_card
from tournaments.bridge.individual_scoring import PlayerStanding, individual_standings
from tournaments.core.models import Player
from tournaments.night.models import IndividualPlayer, Result, Session


@dataclass(frozen=True)
class IndividualLine:
    """One line of an individual's standings as the page prints it."""

    place: str  # "3" or "3=" when shared
    number: int
    name: str
    boards: int
    matchpoints: float
    top: float
    percentage: float | None


def individual_players(session: Session) -> list[IndividualPlayer]:
    return list(session.individual_players.select_related("player").order_by("number"))


def _where(tables: int, ns_number: int) -> tuple[int, int]:
    """(round, table) of a North-South partnership's number (odd: 2((r - 1) tables + t) - 1)."""
    index = (ns_number + 1) // 2 - 1
    return index // tables + 1, index % tables + 1


def _player_standings(session: Session) -> tuple[list[PlayerStanding], int]:
    """Every player's standing by the rules, best first, and the results without a score left out."""
    if not session.is_individual or not session.has_movement:
        return [], 0
    tables = session.movement_tables or 0
    movement = individual(tables, session.boards_per_round or 0, rounds=session.movement_rounds)
    rows = Result.objects.filter(board__session=session).values_list(
        "board__number", "ns_pair__number", "ns_score"
    )
    scores: dict[tuple[int, int, int], int | None] = {}
    unscored = 0
    for board, ns_number, ns_score in rows:
        if ns_score is None:
            unscored += 1
            continue
        round_, table = _where(tables, ns_number)
        scores[(round_, table, board)] = ns_score
    return individual_standings(movement, scores), unscored


def individual_session_standings(session: Session) -> tuple[list[IndividualLine], int]:
    """The standings, best first, and how many results without a score were left out."""
    standings, unscored = _player_standings(session)
    names = {row.number: row.player.name for row in individual_players(session)}
    lines = [
        IndividualLine(
            f"{s.place}{'=' if s.tied else ''}",
            s.player,
            names.get(s.player, f"Player {s.player}"),
            s.boards,
            s.matchpoints,
            s.top,
            s.percentage,
        )
        for s in standings
    ]
    return lines, unscored


@dataclass(frozen=True)
class IndividualPlace:
    """A seated player's place for what is ranked by player (master points, mail, exports)."""

    player: Player
    number: int
    place: int
    tied: bool
    boards: int
    matchpoints: float
    top: float
    percentage: float | None

    @property
    def place_text(self) -> str:
        return f"{self.place}{'=' if self.tied else ''}"


def individual_places(session: Session) -> list[IndividualPlace]:
    """Each seated player's place, best first; a player who played no board comes last with
    ``boards`` 0, for a caller that counts only those who played to leave out."""
    standings, _unscored = _player_standings(session)
    seated = {row.number: row.player for row in individual_players(session)}
    return [
        IndividualPlace(
            seated[s.player], s.player, s.place, s.tied, s.boards, s.matchpoints, s.top, s.percentage
        )
        for s in standings
        if s.player in seated
    ]


@dataclass(frozen=True)
class CardRound:
    """One round of a player's card, with names: where he sits, with whom, against whom."""

    round: int
    table: int | None
    seat: str
    partner: str
    left: str
    right: str
    boards: str


def individual_cards(session: Session) -> list[tuple[str, list[CardRound]]]:
    """Each seated player's card ("3 Cal", its rounds), in number order."""
    if not session.is_individual or not session.has_movement:
        return []
    movement = individual(
        session.movement_tables or 0, session.boards_per_round or 0, rounds=session.movement_rounds
    )
    names = {row.number: row.player.name for row in individual_players(session)}

    def name(number: int | None) -> str:
        return "" if number is None else f"{number} {names.get(number, '')}".strip()

    cards = []
    for number in sorted(names):
        rounds = [
            CardRound(
                line.round,
                line.table,
                line.seat,
                name(line.partner),
                name(line.left),
                name(line.right),
                ", ".join(map(str, line.boards)),
            )
            for line in player_card(movement, number)
        ]
        cards.append((name(number), rounds))
    return cards


# Marked where bridge_text marks them; translated when a move is written, in the table's language.
SEAT_NAMES = {
    "N": gettext_noop("North"),
    "E": gettext_noop("East"),
    "S": gettext_noop("South"),
    "W": gettext_noop("West"),
}


def individual_moves(session: Session, round_: int, table: int) -> list[dict[str, str]]:
    """Where each player of a finished round at ``table`` sits next: 'N 12 Lou: table 3, East'.

    An individual's partnerships play one round each, so the phone tells the players, not
    the pairs, where to go (the same keys as ``table_entry.rounds.Move``)."""
    movement = individual(
        session.movement_tables or 0, session.boards_per_round or 0, rounds=session.movement_rounds
    )
    if not 1 <= round_ < movement.rounds or not 1 <= table <= movement.tables:
        return []
    names = {row.number: row.player.name for row in individual_players(session)}
    seating = movement.seatings_in_round(round_)[table - 1]
    lines = []
    for seat, number in zip("NESW", seating.players, strict=True):
        following = movement.position(number, round_ + 1)
        to = (
            gettext("sits out")
            if following is None
            else gettext("table %(table)d, %(seat)s")
            % {"table": following.table, "seat": gettext(SEAT_NAMES[following.seat_of(number) or "N"])}
        )
        lines.append({"pair": f"{seat} {number}", "names": names.get(number, ""), "to": to})
    return lines
