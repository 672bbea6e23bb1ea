"""The counted results and the stored ratings as a refit reads them (``bridge.season.rating_local.Source``).

The counted sessions are those in ``RatedSession``, with the ones a refit is adding laid
over them and the ones it is taking out left out; the stored ratings likewise carry what
the refit has found so far, so the sessions owed are taken one after another, each
refit starting where the last one ended, and nothing is stored until the end.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable

from tournaments.bridge.season.rating_local import LocalRefit, Row, Stored
from tournaments.db.ratings import RatedRow, rated_rows
from tournaments.night.models import Movement, Pair, Session
from tournaments.season.models import PlayerRating, RatedSession

PairSeat = tuple[int, datetime.date, int, int | None]


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

    def counted_pairs(self, players: Collection[int]) -> list[PairSeat]:
        """(session, its date, player 1, player 2) of the pairs of ``players`` in the counted sessions.

        Two look-ups by player (each column's own index) and one of the sessions found in
        ``RatedSession``: with an ``OR`` of the two columns and the count as a subquery,
        PostgreSQL read the whole pair table (a million rows: seconds a refit).
        """
        if not players:
            return []
        found: list[PairSeat] = []
        for column in ("player1_id", "player2_id"):
            pairs = Pair.objects.filter(**{f"{column}__in": list(players)})
            found += pairs.values_list("session_id", "session__date", "player1_id", "player2_id")
        sessions = {row[0] for row in found}
        counted = set(
            RatedSession.objects.filter(session_id__in=sessions).values_list("session_id", flat=True)
        )
        counted = (counted | (self.adding & sessions)) - self.removing
        return [row for row in found if row[0] in counted]

    def sessions_of(self, players: Collection[int]) -> dict[int, set[int]]:
        wanted = set(players)
        found: dict[int, set[int]] = {player: set() for player in wanted}
        for session, _, first, second in self.counted_pairs(wanted):
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
    # The Mitchells with an arrow switch: the site's many without one are not read (a list of
    # rounds, never another falsy value, but the test below keeps the model's own rule).
    mitchells = Session.objects.filter(movement=Movement.MITCHELL).exclude(arrow_switch_rounds=[])
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
