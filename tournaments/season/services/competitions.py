"""Create and edit a competition: its rules and the sessions it spans."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.season.competition import POINTS, CompetitionInputError, Rules
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.night.models import Session
from tournaments.season.models import Competition


@write()
def competition_save(
    *,
    club: Club,
    name: str,
    method: str,
    best_of: int | None,
    minimum_sessions: int,
    scale: Sequence[float] = (),
    sessions: Iterable[Session] = (),
    competition: Competition | None = None,
) -> Competition:
    """Create a competition (or edit ``competition``) over sessions of its club.

    The rules are checked by the same ``Rules`` that scores the table, so a competition
    that is stored can always be scored. A session of another club is refused by name.
    """
    sessions = list(sessions)
    foreign = [session for session in sessions if session.club_id != club.pk]
    if foreign:
        raise ValidationError(
            {
                "sessions": _("%(session)s is not a session of %(club)s.")
                % {"session": foreign[0], "club": club}
            }
        )
    scale = [float(points) for points in scale] if method == POINTS else []
    try:
        Rules(method, best_of, minimum_sessions, tuple(scale))
    except CompetitionInputError as error:
        text = str(error)
        fields = ("best_of", "minimum", "scale")
        field = next((name for name in fields if name in text), "method")
        raise ValidationError({"minimum_sessions" if field == "minimum" else field: text}) from None
    if competition is None:
        competition = Competition(club=club)
    elif competition.club_id != club.pk:
        raise ValidationError({"club": _("A competition stays in its club.")})
    competition.name = " ".join(name.split())
    competition.method = method
    competition.best_of = best_of
    competition.minimum_sessions = minimum_sessions
    competition.scale = scale
    competition.full_clean()
    competition.save()
    competition.sessions.set(sessions)
    return competition
