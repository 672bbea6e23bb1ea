"""The counted results and the stored ratings as a refit reads them (``bridge.season.rating_local.Source``).

The counted sessions are those in ``RatedSession``, with the ones a refit is adding laid
over them and the ones it is taking out left out; the stored ratings likewise carry what
the refit has found so far, so the sessions owed are taken one after another, each
refit starting where the last one ended, and nothing is stored until the end.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.db.models import Q, QuerySet

from tournaments.bridge.season.rating_local import LocalRefit, Row, Stored
from tournaments.db.ratings import RatedRow, rated_rows
from tournaments.night.models import Movement, Pair, Session
from tournaments.season.models import PlayerRating, RatedSession


class CountedResults:
    """A ``Source`` over the database, with a refit's own decisions laid over it."""

    def __init__(self) -> None:
        self.adding: set[int] = set()
        self.removing: set[int] = set()
        self.found: dict[int, Stored] = {}  # player -> (rating, residual) found by this job
        self.gone: set[int] = set()  # players left with no counted result

    def count(self, session: int, *, counted: bool) -> None:
        """From now on count ``session`` (or leave it out)."""
        (self.adding if counted else self.removing).add(session)
        (self.removing if counted else self.adding).discard(session)

    def keep(self, refit: LocalRefit) -> None:
        """Lay a refit's findings over the stored ratings, for the refits after it."""
        self.found.update(refit.residuals)
        self.found.update(refit.ratings)
        for player, played in refit.sessions.items():
            if played == 0:
                self.gone.add(player)
                self.found.pop(player, None)
            else:
                self.gone.discard(player)

    def counted_pairs(self, players: Collection[int]) -> QuerySet[Pair]:
        """The pairs of ``players`` in the counted sessions."""
        mine = Q(player1_id__in=players) | Q(player2_id__in=players)
        counted = Q(session_id__in=RatedSession.objects.values("session_id")) | Q(session_id__in=self.adding)
        return Pair.objects.filter(mine).filter(counted).exclude(session_id__in=self.removing)

    def sessions_of(self, players: Collection[int]) -> dict[int, set[int]]:
        wanted = set(players)
        found: dict[int, set[int]] = {player: set() for player in wanted}
        pairs = self.counted_pairs(list(wanted)).values_list("session_id", "player1_id", "player2_id")
        for session, first, second in pairs:
            for player in (first, second):
                if player in wanted:
                    found[player].add(session)
        return found

    def rows_of(self, sessions: Collection[int]) -> list[Row]:
        return rows_as_read(rated_rows(sessions), one_field_sessions(sessions))

    def stored_of(self, players: Collection[int]) -> dict[int, Stored]:
        answer = {player: self.found[player] for player in players if player in self.found}
        unknown = [player for player in players if player not in answer and player not in self.gone]
        if unknown:
            stored = PlayerRating.objects.filter(player_id__in=unknown).values_list(
                "player_id", "rating", "residual"
            )
            answer.update((player, (rating, residual)) for player, rating, residual in stored)
        return answer


def one_field_sessions(sessions: Collection[int] | None = None) -> set[int]:
    """Of ``sessions`` (every session when None), the Mitchells ranked as one field (an arrow switch)."""
    mitchells = Session.objects.filter(movement=Movement.MITCHELL)
    if sessions is not None:
        mitchells = mitchells.filter(pk__in=sessions)
    return {pk for pk, switched in mitchells.values_list("pk", "arrow_switch_rounds") if switched}


def rows_as_read(rows: Iterable[RatedRow], one_field: set[int]) -> list[Row]:
    """The rows as the fit reads them: one field for a one-winner Mitchell, a lone player named twice."""
    return [
        (
            session,
            0 if session in one_field else field,
            first,
            first if second is None else second,
            float(percentage),
            float(boards),
        )
        for session, field, first, second, percentage, boards in rows
    ]
