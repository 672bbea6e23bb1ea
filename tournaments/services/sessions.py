"""Create sessions and seat their pairs, finding players the club already knows."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.models import (
    MAX_PAIR_NUMBER,
    Club,
    Direction,
    Movement,
    Pair,
    Player,
    ScoringMethod,
    Session,
)


def session_create(
    *,
    club: Club,
    date: datetime.date,
    name: str,
    movement: str = Movement.MITCHELL,
    scoring: str = ScoringMethod.MATCHPOINTS,
) -> Session:
    """Create an empty session; its name must be new for the club on that day.

    A double-clicked Create sends the form twice: both pass the check, and the database's
    unique constraint refuses the second, answered with a message, not a 500 (issue 24).
    """
    session = Session(club=club, date=date, name=name.strip(), movement=movement, scoring=scoring)
    session.full_clean()
    try:
        with transaction.atomic():
            session.save()
    except IntegrityError:
        raise ValidationError(
            {"name": f"A session named {session.name!r} on that day has just been created (a second click?)."}
        ) from None
    return session


def player_find_or_create(*, name: str, federation_number: str = "") -> Player:
    """Return the player with this federation number, or else this exact name, or a new one.

    A name shared by several players without a federation number is ambiguous; the
    oldest is taken, as a director retyping a regular's name expects.
    """
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"players": "A player's name cannot be empty."})
    federation_number = federation_number.strip()
    if federation_number:
        player = Player.objects.filter(federation_number=federation_number).first()
        if player is not None:
            return player
        return Player.objects.create(name=name, federation_number=federation_number)
    player = Player.objects.filter(name__iexact=name).order_by("id").first()
    return player or Player.objects.create(name=name)


def _check_direction(session: Session, direction: str) -> str:
    if session.is_mitchell:
        if direction not in (Direction.NS, Direction.EW):
            raise ValidationError({"direction": "In a Mitchell every pair sits North-South or East-West."})
        return direction
    if direction:
        raise ValidationError({"direction": "A Howell has one field: pairs have no fixed direction."})
    return ""


def next_pair_number(session: Session, direction: str = "") -> int:
    """Return the first pair number not yet used in this session's field."""
    used = set(session.pairs.filter(direction=direction).values_list("number", flat=True))
    number = 1
    while number in used:
        number += 1
    return number


@transaction.atomic
def pair_add(
    *,
    session: Session,
    player_names: tuple[str, str] | list[str],
    direction: str = "",
    number: int | None = None,
) -> Pair:
    """Seat a pair of players in the session under the next free number (or the one given).

    The session is locked first, so two adds do not both take the next number; a second
    add of the same players in the same direction (a double-clicked Add) answers with
    the pair the first one seated (issue 24).
    """
    Session.objects.select_for_update().only("pk").get(pk=session.pk)
    direction = _check_direction(session, direction)
    names = [name for name in player_names if name and name.strip()]
    if not names:
        raise ValidationError({"players": "Give the names of the pair's players."})
    if len(names) > 2:
        raise ValidationError({"players": "A pair has two players."})
    players = [player_find_or_create(name=name) for name in names]
    seated = _pair_of(session, direction, players)
    if seated is not None and number in (None, seated.number):
        return seated
    if number is None:
        number = next_pair_number(session, direction)
    if not 1 <= number <= MAX_PAIR_NUMBER:
        raise ValidationError({"number": f"Pair numbers run from 1 to {MAX_PAIR_NUMBER}, not {number}."})
    if session.pairs.filter(direction=direction, number=number).exists():
        label = f"{number} {direction}".strip()
        raise ValidationError({"number": f"Pair {label} is already in this session."})
    pair = Pair(
        session=session,
        number=number,
        direction=direction,
        player1=players[0],
        player2=players[1] if len(players) > 1 else None,
    )
    pair.full_clean()
    pair.save()
    return pair


def _pair_of(session: Session, direction: str, players: list[Player]) -> Pair | None:
    """The session's pair of exactly these players in this direction, if it is seated already."""
    second = players[1] if len(players) > 1 else None
    return session.pairs.filter(direction=direction, player1=players[0], player2=second).first()
