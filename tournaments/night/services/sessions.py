"""Create sessions and seat their pairs, finding players the club already knows (its own only).

A player sits in one pair of a session, and a pair in a session with a movement has a
seat in it (issue 24, point 11); both are checked under the session's row lock, since a
player can be in either column of a pair, which no unique constraint can say.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.core.models import Club, Player
from tournaments.core.services.players import player_find_or_create
from tournaments.core.services.writes import write
from tournaments.night.models import (
    MAX_PAIR_NUMBER,
    SECTION_NUMBERING,
    Direction,
    Movement,
    Pair,
    Result,
    ScoringMethod,
    Section,
    Session,
    SessionAction,
    SessionChange,
)
from tournaments.night.services.locks import session_locked


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
        with write():
            session.save()
    except IntegrityError:
        raise ValidationError(
            {
                "name": _("A session named %(name)s on that day has just been created (a second click?).")
                % {"name": f"{session.name!r}"}
            }
        ) from None
    return session


def _check_direction(session: Session, direction: str, section: Section | None = None) -> str:
    if section.is_mitchell if section is not None else session.is_mitchell:
        if direction not in (Direction.NS, Direction.EW):
            raise ValidationError({"direction": _("In a Mitchell every pair sits North-South or East-West.")})
        return direction
    if direction:
        raise ValidationError({"direction": _("A Howell has one field: pairs have no fixed direction.")})
    return ""


def _check_section(session: Session, section: Section | None) -> None:
    """Refuse a pair of no section in a session of sections (it would play in none of their
    movements, under a number that is not a section's), and a section of another session."""
    if section is None and session.has_sections:
        letters = ", ".join(session.sections.values_list("letter", flat=True))
        raise ValidationError(
            {
                "section": _("This session plays in sections %(letters)s: seat the pair in one of them.")
                % {"letters": letters}
            }
        )
    if section is not None and section.session_id != session.pk:
        raise ValidationError(
            {"section": _("Section %(letter)s is not this session's.") % {"letter": section.letter}}
        )


def next_pair_number(session: Session, direction: str = "") -> int:
    """Return the first pair number not yet used in this session's field."""
    used = set(session.pairs.filter(direction=direction).values_list("number", flat=True))
    number = 1
    while number in used:
        number += 1
    return number


def section_number_base(section: Section) -> int:
    """What a section's pair numbers are stored from: 100 for the first by letter, 200 for the next."""
    letters = sorted(section.session.sections.values_list("letter", flat=True))
    return SECTION_NUMBERING * (letters.index(section.letter) + 1)


def _section_number(section: Section, direction: str, number: int | None) -> int:
    """The stored number of a section's pair ``number`` (its next free one when None), checked in range.

    A section's pairs are numbered 1 to 99, and within its movement when it has one.
    """
    base = section_number_base(section)
    if number is None:
        used = set(section.pairs.filter(direction=direction).values_list("number", flat=True))
        number = next(n for n in range(1, SECTION_NUMBERING) if base + n not in used)
    highest = section.movement_tables
    if highest is not None and not section.is_mitchell:
        highest *= 2
    top = min(highest or SECTION_NUMBERING - 1, SECTION_NUMBERING - 1)
    if not 1 <= number <= top:
        raise ValidationError(
            {
                "number": _("Section %(letter)s seats pairs 1 to %(top)d, not %(number)d.")
                % {"letter": section.letter, "top": top, "number": number}
            }
        )
    return base + number


def pair_label(number: int, direction: str, section: str = "") -> str:
    """A pair as a director writes it: ``3 NS``, ``A3 NS`` in a section, ``3`` in a Howell."""
    return f"{section}{number} {direction}".strip()


def _seated_label(number: int, direction: str, section: Section | None) -> str:
    """A stored pair number as the director seated it: ``A3 NS`` for section A's 103, else ``3 NS``."""
    if section is None:
        return pair_label(number, direction)
    return pair_label(number % SECTION_NUMBERING, direction, section.letter)


def movement_pair_numbers(session: Session) -> int | None:
    """Return the highest pair number of the session's movement in each field (None: no movement)."""
    tables = session.movement_tables
    if tables is None:  # no movement (``Session.has_movement``)
        return None
    if session.is_individual:  # its partnerships, one a line, table and round
        return 2 * tables * (session.movement_rounds or 0)
    return tables if session.is_mitchell else 2 * tables


def _check_in_movement(session: Session, number: int, direction: str) -> None:
    """Refuse a pair the movement has no seat for (EW 6 of a 5-table Mitchell): it would never play.

    An individual's pairs are its partnerships, made from its players (services.individual)."""
    if session.is_individual:
        raise ValidationError(
            {"players": _("An individual's pairs are made from its players: seat the players.")}
        )
    highest = movement_pair_numbers(session)
    if highest is None or number <= highest:
        return
    tables = f"{session.movement_tables} table{'s' if session.movement_tables != 1 else ''}"
    field = f"{direction} pairs" if direction else "pairs"
    raise ValidationError(
        {
            "number": _(
                "Pair %(pair_label)s is not in the movement: its %(tables)s seat %(field)s 1 to "
                "%(highest)s. Change the movement first to seat more pairs."
            )
            % {
                "pair_label": pair_label(number, direction),
                "tables": tables,
                "field": field,
                "highest": highest,
            }
        }
    )


def refuse_if_finished(session: Session, doing: str, field: str = "state") -> None:
    """Refuse to change a finished session's pairs or boards: its results are published.

    A director who finished by mistake reopens the session first (``session_reopen``), which
    the audit log records (issue 24, point 12).
    """
    if session.is_finished:
        raise ValidationError(
            {field: _("The session is finished: reopen it before %(doing)s.") % {"doing": doing}}
        )


def _players(club: Club, player_names: Sequence[str]) -> list[Player]:
    names = [name for name in player_names if name and name.strip()]
    if not names:
        raise ValidationError({"players": _("Give the names of the pair's players.")})
    if len(names) > 2:
        raise ValidationError({"players": _("A pair has two players.")})
    found: dict[str, Player] = {}  # one name twice is one player, even one created a moment ago
    for name in names:
        key = " ".join(name.split()).casefold()
        found[key] = found.get(key) or player_find_or_create(club=club, name=name)
    players = [found[" ".join(name.split()).casefold()] for name in names]
    if len(players) == 2 and players[0].pk == players[1].pk:
        raise ValidationError(
            {"players": _("%(name)s cannot be their own partner.") % {"name": players[0].name}}
        )
    return players


def _check_players_free(session: Session, players: list[Player], keep: Pair | None = None) -> None:
    """Refuse a player who already sits in another pair of the session: one body, one seat."""
    ids = [player.pk for player in players]
    pairs = Pair.objects.filter(session=session)
    others = pairs.exclude(pk=keep.pk) if keep is not None else pairs
    taken = (
        others.filter(Q(player1_id__in=ids) | Q(player2_id__in=ids)).order_by("direction", "number").first()
    )
    if taken is None:
        return
    player = next(p for p in players if p.pk in (taken.player1_id, taken.player2_id))
    raise ValidationError(
        {
            "players": _("%(name)s already sits in pair %(label)s of this session.")
            % {"name": player.name, "label": taken.label}
        }
    )


@write()
def pair_add(
    *,
    session: Session,
    player_names: Sequence[str],
    direction: str = "",
    number: int | None = None,
    section: Section | None = None,
) -> Pair:
    """Seat a pair of players in the session under the next free number (or the one given).

    In a session of sections the pair is seated in ``section``, ``number`` being its
    number there (A's 3 NS), stored from the section's hundred (``section_number_base``).

    Refused: a finished session, a number the movement has no seat for, a taken number,
    and a player who already sits in another pair of the session. The session is locked
    first, so two adds do not both take the next number; a second add of the same players
    in the same direction (a double-clicked Add) answers with the pair the first one
    seated (issue 24).
    """
    session = session_locked(session)
    refuse_if_finished(session, "seating pairs", "players")
    _refuse_if_swiss_drawn(session, "players")
    _check_section(session, section)
    direction = _check_direction(session, direction, section)
    players = _players(session.club, player_names)
    seated = _pair_of(session, direction, players)
    base = 0 if section is None else section_number_base(section)
    if seated is not None and number in (None, seated.number - base):
        return seated
    if section is not None:
        number = _section_number(section, direction, number)
    if number is None:
        number = next_pair_number(session, direction)
    if not 1 <= number <= MAX_PAIR_NUMBER:
        raise ValidationError(
            {
                "number": _("Pair numbers run from 1 to %(max_pair_number)s, not %(number)s.")
                % {"max_pair_number": MAX_PAIR_NUMBER, "number": number}
            }
        )
    if section is None:
        _check_in_movement(session, number, direction)
    if session.pairs.filter(direction=direction, number=number).exists():
        raise ValidationError(
            {
                "number": _("Pair %(pair_label)s is already in this session.")
                % {"pair_label": _seated_label(number, direction, section)}
            }
        )
    _check_players_free(session, players)
    pair = Pair(
        session=session,
        section=section,
        number=number,
        direction=direction,
        player1=players[0],
        player2=players[1] if len(players) > 1 else None,
    )
    # Every database rule of the pair was checked above, under the session's lock, with the
    # message a director reads: the session and the players were just read or made, the
    # number's range and its being free were asked. full_clean would ask all of that again,
    # ten statements of a pair_add's 23 (a seated Mitchell's fixture in every other test);
    # the constraints stay in the database as the backstop, and field rules are still checked.
    pair.full_clean(exclude=["session", "player1", "player2"], validate_constraints=False)
    pair.save()
    return pair


def _refuse_if_swiss_drawn(session: Session, field: str) -> None:
    """Refuse a change of a Swiss pairs' field once a round is drawn: the draw placed every pair
    (and the bye against the one number no pair held), so a pair come or gone would break it."""
    if session.movement == Movement.SWISS and session.swiss_draw:
        raise ValidationError(
            {
                field: _(
                    "The Swiss rounds are drawn for the pairs seated then: the field can no longer change."
                )
            }
        )


def _pair_of(session: Session, direction: str, players: list[Player]) -> Pair | None:
    """The session's pair of exactly these players in this direction, if it is seated already."""
    second = players[1] if len(players) > 1 else None
    return session.pairs.filter(direction=direction, player1=players[0], player2=second).first()


def session_audit(session: Session, action: str, user: User | None, before: str, after: str = "") -> None:
    """Record a change to the session that is not a result (a pair, its state) in its audit log."""
    SessionChange.objects.create(
        session=session,
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        before=before[:300],
        after=after[:300],
    )


@write()
def pair_update(*, pair: Pair, player_names: Sequence[str], user: User | None = None) -> Pair:
    """Change a pair's players (a misspelt name, a substitute), keeping its number and results (audited)."""
    session = session_locked(pair.session)
    pair = Pair.objects.select_related("player1", "player2").get(pk=pair.pk, session=session)
    before = str(pair)
    players = _players(session.club, player_names)
    _check_players_free(session, players, keep=pair)
    pair.player1 = players[0]
    pair.player2 = players[1] if len(players) > 1 else None
    pair.full_clean()
    pair.save(update_fields=["player1", "player2"])
    if str(pair) != before:
        session_audit(session, SessionAction.PAIR_EDIT, user, before, str(pair))
    return pair


@write()
def pair_remove(*, pair: Pair, user: User | None = None) -> None:
    """Remove a pair seated by mistake; refused once it has a result, which would go with it (audited)."""
    session = session_locked(pair.session)
    seated = Pair.objects.select_related("player1", "player2").filter(pk=pair.pk, session=session).first()
    if seated is None:
        return  # already removed (a double-clicked Remove)
    pair = seated
    _refuse_if_swiss_drawn(session, "pair")
    boards = sorted(
        set(Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).values_list("board__number", flat=True))
    )
    if boards:
        shown = ", ".join(map(str, boards[:8])) + (", ..." if len(boards) > 8 else "")
        raise ValidationError(
            {
                "pair": _(
                    "Pair %(label)s has results (board %(shown)s): delete them before removing the pair."
                )
                % {"label": pair.label, "shown": shown}
            }
        )
    session_audit(session, SessionAction.PAIR_REMOVE, user, str(pair))
    pair.delete()
