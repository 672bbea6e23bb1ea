"""Reads of the stored ratings: a player's rating and chart, a session's field strength.

A session's expected percentages are worked out from the players' current ratings
(``bridge.rating.expected_percentages``): what the model now thinks each pair should
have scored in that field, beside what it did score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext

from tournaments.bridge.season.rating import AVERAGE, expected_percentages, field_strength, pair_strength
from tournaments.core.models import Player
from tournaments.night.models import Pair, Session
from tournaments.night.models.sessions import Direction
from tournaments.night.selectors.pages import STANDINGS_PAGE_ROWS
from tournaments.night.selectors.public import StandingsTable
from tournaments.season.models import PlayerRating, RatingSnapshot


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
    pairs: int


def player_rating(player: Player) -> PlayerRating | None:
    return PlayerRating.objects.filter(player=player).first()


def rating_chart_points(player: Player) -> tuple[list[tuple], list[float]]:
    """Return the chart's (date, session, rating) points, oldest first, and each point's sd."""
    snapshots = RatingSnapshot.objects.filter(player=player).select_related("session__club")
    snapshots = snapshots.order_by("session__date", "session_id")
    points = [(s.session.date, f"{s.session.club} {s.session.name}", s.rating) for s in snapshots]
    return points, [snapshot.uncertainty for snapshot in snapshots]


def session_fields(session: Session, tables: Sequence[StandingsTable]) -> list[FieldView]:
    """Each field's strength, and the expected percentage of the pairs this page shows.

    The strength and every expectation are the whole field's (each pair is measured
    against all the others), read as plain rows; but only the pairs on this page of the
    standings get a row, in the standings' order, so a congress's 1,000 pairs do not make
    the page 200 kB (``bench/bench_congress.py``). Before any standing, the first pairs
    by number stand in.
    """
    members = {
        pk: (direction, number, [p for p in (player1, player2) if p is not None])
        for pk, direction, number, player1, player2 in session.pairs.values_list(
            "pk", "direction", "number", "player1_id", "player2_id"
        )
    }
    if not members:
        return []
    ratings = _field_ratings(session)
    groups = [(gettext("Field"), sorted(members, key=lambda pk: members[pk][:2]))]
    if not session.ranks_one_field:
        by_number = sorted(members, key=lambda pk: members[pk][1])
        groups = [
            (str(d.label), [pk for pk in by_number if members[pk][0] == d])
            for d in (Direction.NS, Direction.EW)
        ]
    shown = _field_rows_shown(tables, groups)
    views = []
    for (title, group), rows in zip(groups, shown, strict=True):
        teams = [members[pk][2] for pk in group]
        expected = dict(zip(group, expected_percentages(teams, ratings), strict=True))
        strength = field_strength(teams, ratings) if group else AVERAGE
        field_rows = [
            FieldRow(pair, pair_strength(members[pair.pk][2], ratings), expected[pair.pk], actual)
            for pair, actual in rows
        ]
        views.append(FieldView(title, strength, field_rows, len(group)))
    return views


def _field_ratings(session: Session) -> dict[int, float]:
    """The current rating of every rated player seated in the session, by player id."""
    seated = Pair.objects.filter(session=session)
    return dict(
        PlayerRating.objects.filter(
            Q(player__in=seated.values("player1")) | Q(player__in=seated.values("player2"))
        ).values_list("player_id", "rating")
    )


def _field_rows_shown(
    tables: Sequence[StandingsTable], groups: list[tuple[str, list[int]]]
) -> list[list[tuple[Pair, float | None]]]:
    """Each field's pairs on this page, with the percentage they have scored so far."""
    if any(table.standings for table in tables):
        return [
            [(s.pair, s.percentage if s.boards_played else None) for s in table.standings] for table in tables
        ]
    first = {pk for _, group in groups for pk in group[:STANDINGS_PAGE_ROWS]}
    pairs = {pair.pk: pair for pair in Pair.objects.filter(pk__in=first).select_related("player1", "player2")}
    return [[(pairs[pk], None) for pk in group[:STANDINGS_PAGE_ROWS]] for _, group in groups]
