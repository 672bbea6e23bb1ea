"""What the pages show of handicaps: a session's handicapped standings beside the scratch ones,
and the players' handicaps the director's form starts from.

The handicapped places are worked out on read from the stored standings and each pair's
kept handicap (``bridge.handicaps``): a handful of rows a field, and nothing to keep in
step when a result is corrected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from tournaments.bridge.handicaps import Entry, Handicapped, handicap_from_rating, handicapped_places
from tournaments.core.models import Player
from tournaments.federation.models import PlayerHandicap
from tournaments.night.models import Pair, Session, Standing
from tournaments.night.selectors.public import StandingsTable
from tournaments.season.models import PlayerRating


@dataclass(frozen=True)
class HandicapRow:
    """A pair's line in the handicapped standings."""

    place: str
    label: str
    names: str
    scratch: float
    handicap: Decimal
    figure: Decimal
    url: str

    @property
    def played(self) -> bool:
        """Whether the pair has played a board: one that has not has no place, and no figure to show."""
        return bool(self.place)

    @property
    def handicap_text(self) -> str:
        """The handicap signed, to the hundredth unless a pair's mean needs the thousandth (+3.325)."""
        return handicap_text(self.handicap)


def handicap_text(value: Decimal) -> str:
    places = 2 if value == value.quantize(Decimal("0.01")) else 3
    return f"{value:+.{places}f}" if value else f"{0:.2f}"


@dataclass(frozen=True)
class HandicapTable:
    title: str
    rows: list[HandicapRow]


def _row(found: Handicapped[Standing], *, public: bool) -> HandicapRow:
    pair: Pair = found.key.pair
    return HandicapRow(
        place=found.place_text,
        label=pair.label,
        names=pair.public_names if public else pair.names,
        scratch=found.percentage,
        handicap=found.handicap,
        figure=found.figure,
        url=pair.get_absolute_url(),
    )


def handicap_tables(
    session: Session, tables: Sequence[StandingsTable], *, public: bool
) -> list[HandicapTable]:
    """Each field's handicapped standings (best first), from its scratch standings; none unless
    the session is a handicap event of matchpoints (IMP pairs have no percentage to add to)."""
    if not session.handicapped or session.is_imps:
        return []
    found = []
    for table in tables:
        entries = [
            Entry(standing, standing.percentage, standing.pair.handicap or Decimal(0), standing.is_ranked)
            for standing in table.standings
        ]
        rows = [_row(each, public=public) for each in handicapped_places(entries)]
        found.append(HandicapTable(table.title, rows))
    return found


@dataclass(frozen=True)
class PlayerHandicapRow:
    """A player of the session on the director's handicaps form: the figure it starts from and why."""

    player: Player
    handicap: Decimal
    source: str  # 'pair' (the session's own), 'club' (kept), 'rating' (derived), '' (none: 0)


def session_player_handicaps(session: Session) -> list[PlayerHandicapRow]:
    """Every player of the session with the handicap the form offers: the club's kept one (his own,
    where the pair's is only its players' mean), else his pair's in this session (an imported
    file's), else what his rating gives, else 0."""
    pairs = list(Pair.objects.filter(session=session).select_related("player1", "player2").order_by("number"))
    seated: dict[int, tuple[Player, Decimal | None]] = {}
    for pair in pairs:
        for player in (pair.player1, pair.player2):
            if player is not None and player.pk not in seated:
                seated[player.pk] = (player, pair.handicap)
    kept = dict(
        PlayerHandicap.objects.filter(club_id=session.club_id, player_id__in=seated).values_list(
            "player_id", "handicap"
        )
    )
    ratings = dict(PlayerRating.objects.filter(player_id__in=seated).values_list("player_id", "rating"))
    rows = []
    for player_id, (player, pair_handicap) in seated.items():
        if player_id in kept:
            rows.append(PlayerHandicapRow(player, kept[player_id], "club"))
        elif pair_handicap is not None:
            rows.append(PlayerHandicapRow(player, pair_handicap, "pair"))
        elif player_id in ratings:
            rows.append(PlayerHandicapRow(player, handicap_from_rating(ratings[player_id]), "rating"))
        else:
            rows.append(PlayerHandicapRow(player, Decimal("0.00"), ""))
    return sorted(rows, key=lambda row: (row.player.name, row.player.pk))
