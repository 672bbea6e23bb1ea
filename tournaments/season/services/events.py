"""Create an event over several sessions and add its sessions: the director's careless moments refused.

A session joins an event only if it is a pairs session (Mitchell or Howell, matchpoints)
of the event's club, in no event yet; anything else is refused naming the session and
why, before anything is written. The next session can be made from the event itself: a
new session with the last one's movement and its pairs seated again, so session 2's
pairs are session 1's by construction (the director may still reseat them).
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.core.services.writes import locked_row, write
from tournaments.night.models import ScoringMethod, Session
from tournaments.night.services.movement import session_create_with_movement
from tournaments.night.services.sessions import pair_add
from tournaments.season.models import PAIRS_MOVEMENTS, Event, EventSession


def event_create(*, club: Club, name: str, method: str) -> Event:
    """Create an event; its name must be new in the club (a double-clicked Create is answered by name)."""
    event = Event(club=club, name=" ".join(name.split()), method=method)
    event.full_clean()
    try:
        with write():
            event.save()
    except IntegrityError:
        raise ValidationError(
            {"name": _("An event named %(name)s already exists.") % {"name": event.name}}
        ) from None
    return event


def check_session_joins(event: Event, session: Session) -> None:
    """Refuse a session of another club, a second add, another event's session, and teams or IMPs."""
    named = f"{session.date:%Y-%m-%d} {session.name}"
    if session.club_id != event.club_id:  # named by its id only: another club's names are its own
        raise ValidationError(
            {"session": _("Session %(id)d is a session of another club.") % {"id": session.pk}}
        )
    entry = EventSession.objects.filter(session=session).select_related("event").first()
    if entry is not None and entry.event_id == event.pk:
        raise ValidationError({"session": _("%(session)s is already in this event.") % {"session": named}})
    if entry is not None:
        raise ValidationError(
            {
                "session": _("%(session)s is already in the event %(event)s.")
                % {"session": named, "event": entry.event.name}
            }
        )
    if session.movement not in PAIRS_MOVEMENTS:
        raise ValidationError(
            {
                "session": _(
                    "%(session)s is a session of another kind (%(kind)s): "
                    "an event carries Mitchell and Howell pairs sessions."
                )
                % {"session": named, "kind": session.get_movement_display()}
            }
        )
    if session.scoring != ScoringMethod.MATCHPOINTS:
        raise ValidationError(
            {
                "session": _("%(session)s is scored by IMPs: an event carries matchpoint sessions.")
                % {"session": named}
            }
        )


@write()
def event_session_add(*, event: Event, session: Session) -> EventSession:
    """Add a session to the event; refused, writing nothing, when ``check_session_joins`` says no."""
    event = locked_row(event)
    check_session_joins(event, session)
    try:
        with write():  # a savepoint: the same session added to another event at this moment
            return EventSession.objects.create(event=event, session=session)
    except IntegrityError:
        raise ValidationError(
            {
                "session": _("%(session)s has just been added to an event (a second click?).")
                % {"session": session.name}
            }
        ) from None


@write()
def event_session_remove(*, event: Event, session: Session) -> None:
    """Take a session out of the event (added by mistake); the session itself is untouched."""
    event = locked_row(event)
    deleted, _rows = EventSession.objects.filter(event=event, session=session).delete()
    if not deleted:
        raise ValidationError({"session": _("%(session)s is not in this event.") % {"session": session.name}})


@write()
def event_session_next(*, event: Event, date: datetime.date, name: str) -> Session:
    """Create the event's next session: the last session's movement, its pairs seated again.

    Each pair keeps its number and direction (the director reseats in preparation if the
    event moves pairs between nights); its players are the same club players, found by
    name as seating finds them. Nothing is made when the name is taken that day; a second
    click of Create answers with the session the first one made.
    """
    event = locked_row(event)
    last = event.entries.select_related("session").order_by("session__date", "session_id").last()
    if last is None:
        raise ValidationError({"session": _("Add the event's first session before making the next one.")})
    before = last.session
    if (before.date, before.name) == (date, name.strip()):
        return before  # a double-clicked Create: the first click made it
    session = session_create_with_movement(
        club=event.club,
        date=date,
        name=name,
        movement=before.movement,
        scoring=before.scoring,
        tables=before.movement_tables,
        boards_per_round=before.boards_per_round,
        rounds=before.movement_rounds,
        even_tables=before.even_tables or "relay",
        arrow_switch_rounds=before.arrow_switch_rounds or (),
    )
    for pair in before.pairs.select_related("player1", "player2").order_by("direction", "number"):
        names = [player.name for player in (pair.player1, pair.player2) if player is not None]
        pair_add(session=session, player_names=names, direction=pair.direction, number=pair.number)
    check_session_joins(event, session)
    EventSession.objects.create(event=event, session=session)
    return session
