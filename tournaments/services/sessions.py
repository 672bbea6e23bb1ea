"""Create sessions and seat their pairs, finding players the club already knows."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction

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
    """Create an empty session; its name must be new for the club on that day."""
    session = Session(club=club, date=date, name=name.strip(), movement=movement, scoring=scoring)
    session.full_clean()
    session.save()
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
    """Seat a pair of players in the session under the next free number (or the one given)."""
    direction = _check_direction(session, direction)
    names = [name for name in player_names if name and name.strip()]
    if not names:
        raise ValidationError({"players": "Give the names of the pair's players."})
    if len(names) > 2:
        raise ValidationError({"players": "A pair has two players."})
    if number is None:
        number = next_pair_number(session, direction)
    if not 1 <= number <= MAX_PAIR_NUMBER:
        raise ValidationError({"number": f"Pair numbers run from 1 to {MAX_PAIR_NUMBER}, not {number}."})
    if session.pairs.filter(direction=direction, number=number).exists():
        label = f"{number} {direction}".strip()
        raise ValidationError({"number": f"Pair {label} is already in this session."})
    players = [player_find_or_create(name=name) for name in names]
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
