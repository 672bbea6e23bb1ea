"""Reads of the stored ratings: a player's rating and chart, a session's field strength.

A session's expected percentages are worked out from the players' current ratings
(``bridge.rating.expected_percentages``): what the model now thinks each pair should
have scored in that field, beside what it did score.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.bridge.rating import AVERAGE, expected_percentages, field_strength, pair_strength
from tournaments.models import Pair, Player, PlayerRating, RatingSnapshot, Session, Standing
from tournaments.models.sessions import Direction


@dataclass(frozen=True)
class FieldRow:
    pair: Pair
    strength: float
    expected: float
    actual: float | None


@dataclass(frozen=True)
class FieldView:
    """One field of a session (a Mitchell direction, or the whole of a Howell) and its strength."""

    title: str
    strength: float
    rows: list[FieldRow]


def player_rating(player: Player) -> PlayerRating | None:
    return PlayerRating.objects.filter(player=player).first()


def rating_chart_points(player: Player) -> tuple[list[tuple], list[float]]:
    """Return the chart's (date, session, rating) points, oldest first, and each point's sd."""
    snapshots = RatingSnapshot.objects.filter(player=player).select_related("session__club")
    snapshots = snapshots.order_by("session__date", "session_id")
    points = [(s.session.date, f"{s.session.club} {s.session.name}", s.rating) for s in snapshots]
    return points, [snapshot.uncertainty for snapshot in snapshots]


def session_fields(session: Session) -> list[FieldView]:
    """Return each field's strength and each pair's expected percentage (two queries)."""
    pairs = list(session.pairs.select_related("player1", "player2").order_by("direction", "number"))
    if not pairs:
        return []
    members = {pair.pk: [p for p in (pair.player1_id, pair.player2_id) if p is not None] for pair in pairs}
    wanted = {player for players in members.values() for player in players}
    ratings = dict(PlayerRating.objects.filter(player__in=wanted).values_list("player_id", "rating"))
    actual = dict(
        Standing.objects.filter(session=session, boards_played__gt=0).values_list("pair_id", "percentage")
    )
    groups = [("Field", pairs)]
    if not session.ranks_one_field:
        groups = [(d.label, [p for p in pairs if p.direction == d]) for d in (Direction.NS, Direction.EW)]
    views = []
    for title, group in groups:
        teams = [members[pair.pk] for pair in group]
        expected = expected_percentages(teams, ratings)
        rows = [
            FieldRow(pair, pair_strength(team, ratings), expect, actual.get(pair.pk))
            for pair, team, expect in zip(group, teams, expected, strict=True)
        ]
        views.append(FieldView(title, field_strength(teams, ratings) if group else AVERAGE, rows))
    return views
