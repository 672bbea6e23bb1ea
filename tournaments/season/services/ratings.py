"""The players' ratings from the finished sessions' standings: what counts, and the rebuilds.

Every finished matchpoint pair session counts, whatever its club (players are shared
between clubs; IMP pairs are on another scale). The fit (``bridge.season.rating``'s
model) takes every session at once, so a finished session changes ratings around it a
little, as it should: a partner or an opponent found stronger lifts the results played
against him. A finish only owes the refit (``rating_queue``); it is done after the
commit, around the changed sessions' players (``rating_refit``), equal to a full refit
within ``bridge.season.rating_arrays.RESIDUAL``. ``manage.py rate_players`` refits
everything (``ratings_rebuild``: seconds for a million results) and can rebuild every
session's snapshot.
"""

from __future__ import annotations

from tournaments.night.models import ScoringMethod, Session, SessionState, Standing
from tournaments.season.services.rating_full import snapshots_replay
from tournaments.season.services.rating_refit import ratings_refit_owed

RatedSession = tuple[Session, list[tuple]]


def rated_sessions() -> list[RatedSession]:
    """Every finished matchpoint session with its results as ``bridge.rating`` reads them, oldest first."""
    sessions = list(
        Session.objects.filter(state=SessionState.FINISHED, scoring=ScoringMethod.MATCHPOINTS).order_by(
            "date", "id"
        )
    )
    results: dict[int, list[tuple]] = {session.pk: [] for session in sessions}
    standings = Standing.objects.filter(session__in=sessions, boards_played__gt=0).values_list(
        "session_id", "pair__player1_id", "pair__player2_id", "pair__direction", "percentage", "boards_played"
    )
    one_field = {session.pk for session in sessions if session.ranks_one_field}
    for session_id, first, second, direction, percentage, boards in standings:
        players = (first,) if second is None else (first, second)
        field = "" if session_id in one_field else direction
        results[session_id].append((players, percentage, field, boards))
    return [(session, results[session.pk]) for session in sessions]


def ratings_rebuild(*, snapshots: bool = True) -> int:
    """Refit every rating from scratch (and every session's snapshot); return the sessions counted."""
    ratings_refit_owed(everything=True)
    if snapshots:
        return snapshots_replay()
    return Session.objects.filter(state=SessionState.FINISHED, scoring=ScoringMethod.MATCHPOINTS).count()
