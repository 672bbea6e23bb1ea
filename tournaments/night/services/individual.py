"""Seat an individual session's players: numbers to club members, and their partnerships.

An individual is scored as a night of one-round partnerships (``bridge.individual``): the
North-South and the East-West players of each table and round are a pair of the session,
numbered by ``partnership_number``, so results are entered (phones, the director's forms),
checked and matchpointed exactly as a pairs night's. The director gives the players once,
in movement order (player 1 first); this makes the pairs from the movement. While no
result is in, he may give them again (a late arrival, a name mistyped); after that the
partnerships are what was played and stay.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.individual import individual, partnership_number
from tournaments.core.services.writes import write
from tournaments.night.models import IndividualPlayer, Pair, Result, Session
from tournaments.night.services.locks import session_locked
from tournaments.night.services.sessions import player_find_or_create, refuse_if_finished


def _check_session(session: Session) -> None:
    if not session.is_individual or not session.has_movement:
        raise ValidationError({"players": _("This session is not an individual: seat its pairs instead.")})
    refuse_if_finished(session, "changing its players", "players")
    if Result.objects.filter(board__session=session).exists():
        raise ValidationError({"players": _("Results are in: the partnerships played cannot change now.")})


def _members(session: Session, names: Sequence[str], count: int, federation_numbers: Sequence[str]) -> list:
    cleaned = [" ".join(name.split()) for name in names]
    if len(cleaned) != count:
        raise ValidationError(
            {
                "players": _("This individual seats %(count)d players, one a line; %(given)d were given.")
                % {"count": count, "given": len(cleaned)}
            }
        )
    seen: dict[str, int] = {}
    for number, name in enumerate(cleaned, start=1):
        if not name:
            raise ValidationError(
                {"players": _("Player %(number)d: the name is empty.") % {"number": number}}
            )
        if name.casefold() in seen:
            raise ValidationError(
                {
                    "players": _("Player %(number)d: %(name)s is already player %(first)d.")
                    % {"number": number, "name": name, "first": seen[name.casefold()]}
                }
            )
        seen[name.casefold()] = number
    numbers = list(federation_numbers) + [""] * (len(cleaned) - len(federation_numbers))
    return [
        player_find_or_create(club=session.club, name=name, federation_number=number)
        for name, number in zip(cleaned, numbers, strict=False)
    ]


@write()
def individual_players_seat(
    *, session: Session, names: Sequence[str], federation_numbers: Sequence[str] = ()
) -> list[IndividualPlayer]:
    """Seat players 1..P of an individual (``names`` in number order) and make its partnerships.

    ``federation_numbers``: the players' own, in the same order, where known (an imported
    file's): a player is then found by his number first, as the pairs imports find one."""
    session = session_locked(session)
    _check_session(session)
    movement = individual(
        session.movement_tables or 0, session.boards_per_round or 0, rounds=session.movement_rounds
    )
    players = _members(session, names, movement.players, federation_numbers)
    session.pairs.all().delete()
    session.individual_players.all().delete()
    seated = IndividualPlayer.objects.bulk_create(
        IndividualPlayer(session=session, number=number, player=player)
        for number, player in enumerate(players, start=1)
    )
    member = {row.number: row.player for row in seated}
    pairs = []
    for s in movement.seatings:
        for seat, first, second in (("N", s.north, s.south), ("E", s.east, s.west)):
            number = partnership_number(movement.tables, s.round, s.table, seat)
            pairs.append(Pair(session=session, number=number, player1=member[first], player2=member[second]))
    Pair.objects.bulk_create(pairs)
    return seated
