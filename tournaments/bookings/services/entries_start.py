"""The event starts: its confirmed entries become a night's pairs or a teams event's teams, in one step.

The entries are seated through the night's and the teams' own services (``pair_add``,
``team_add``), so each pair or team is checked as one the director seats by hand; the
whole start is one write, so a refusal (a movement without seats enough, a player seated
already) names the entry and leaves the session or the teams event as it was. Entries
still pending are left out and said so; an unpaid entry plays (its flag stays on the list).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import EntryEvent
from tournaments.bookings.selectors.entries import EntryRow, active_entries
from tournaments.core.services.writes import locked_row, write
from tournaments.night.models import Direction, Session
from tournaments.night.services.sessions import pair_add
from tournaments.teams.models import TeamsEvent
from tournaments.teams.services.events import team_add


@dataclass(frozen=True)
class Started:
    event: EntryEvent
    seated: int
    pending: int


@write()
def entry_event_start(
    *,
    event: EntryEvent,
    session: Session | None = None,
    teams_event: TeamsEvent | None = None,
    user: AbstractBaseUser | AnonymousUser | None = None,
) -> Started:
    """Seat every confirmed entry of the event in ``session`` (pairs) or ``teams_event`` (teams)."""
    event = locked_row(event)
    if event.is_started:
        raise ValidationError({"event": _("%(event)s has already started.") % {"event": event.name}})
    target = teams_event if event.is_teams else session
    field = "teams_event" if event.is_teams else "session"
    if target is None:
        raise ValidationError({field: _("Choose where the entries play.")})
    if target.club_id != event.club_id:
        raise ValidationError({field: _("That is another club's.")})
    entries = active_entries(event)
    ready = [entry for entry in entries if not entry.pending]
    if not ready:
        raise ValidationError({"event": _("No entry is confirmed yet: there is nothing to seat.")})
    for index, entry in enumerate(ready):
        try:
            _seat(entry, index, session, teams_event)
        except ValidationError as error:
            reasons = " ".join(message for messages in error.message_dict.values() for message in messages)
            raise ValidationError(
                {field: _("Entry %(number)d: %(reasons)s") % {"number": entry.number, "reasons": reasons}}
            ) from None
    event.started_at = timezone.now()
    event.session = session if not event.is_teams else None
    event.teams_event = teams_event if event.is_teams else None
    event.save(update_fields=["started_at", "session", "teams_event"])
    return Started(event=event, seated=len(ready), pending=len(entries) - len(ready))


def _seat(entry: EntryRow, index: int, session: Session | None, teams_event: TeamsEvent | None) -> None:
    names = [entry_player.player.name for entry_player in entry.players]
    if teams_event is not None:
        team_add(event=teams_event, name=entry.team_name, player_names=names)
        return
    assert session is not None
    # A Mitchell seats the entries North-South and East-West in turn, in the order they came.
    direction = ""
    if session.is_mitchell:
        direction = Direction.NS if index % 2 == 0 else Direction.EW
    pair_add(session=session, player_names=names, direction=direction)
