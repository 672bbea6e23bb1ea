"""What the pages show of strata: each stratum's standings beside the overall ones, and each
pair's stratum on the director's strata page.

A stratum's places are the field's among the pairs ranked in it (``bridge.strata``),
worked out on read from the stored standings and each pair's kept stratum: nothing to
keep in step when a result is corrected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from tournaments.bridge.strata import Ranked, stratum_name, stratum_places
from tournaments.night.models import Pair, Session, Standing, StrataBasis
from tournaments.night.selectors.public import StandingsTable
from tournaments.season.models import ClubMember, PlayerRating


def player_values(session: Session, player_ids: set[int]) -> dict[int, Decimal | float]:
    """Each player's holding at the session's club (the member list), or his rating, by the basis."""
    if session.strata_basis == StrataBasis.RATING:
        return dict(PlayerRating.objects.filter(player_id__in=player_ids).values_list("player_id", "rating"))
    rows = ClubMember.objects.filter(
        club_id=session.club_id, player_id__in=player_ids, holdings__isnull=False
    )
    return {
        player: holding
        for player, holding in rows.values_list("player_id", "holdings")
        if holding is not None
    }


@dataclass(frozen=True)
class StratumRow:
    place: str
    overall: str
    label: str
    names: str
    percentage: float
    stratum: str
    url: str


@dataclass(frozen=True)
class StratumTable:
    title: str
    rows: list[StratumRow]


def _row(standing: Standing, place: str, *, public: bool) -> StratumRow:
    pair = standing.pair
    return StratumRow(
        place=place,
        overall=standing.rank_text,
        label=pair.label,
        names=pair.public_names if public else pair.names,
        percentage=standing.percentage,
        stratum=stratum_name(pair.stratum or 0),
        url=pair.get_absolute_url(),
    )


def strata_tables(session: Session, tables: Sequence[StandingsTable], *, public: bool) -> list[StratumTable]:
    """Each stratum below A (A is the overall standings) in each field, best first."""
    if not session.is_stratified:
        return []
    found = []
    for stratum in range(1, len(session.strata_limits) + 1):
        for table in tables:
            ranked = [
                Ranked(standing, standing.rank, standing.pair.stratum or 0)
                for standing in table.standings
                if standing.is_ranked
            ]
            rows = [
                _row(place.key, f"{place.place}{'=' if place.tied else ''}", public=public)
                for place in stratum_places(ranked, stratum)
            ]
            title = _("Stratum %(name)s") % {"name": stratum_name(stratum)}
            if len(tables) > 1:
                title = f"{title} · {table.title}"
            found.append(StratumTable(title, rows))
    return found


@dataclass(frozen=True)
class PairStratum:
    pair: Pair
    stratum: str
    values: list[str]  # each player's holding or rating, as the stratum read it ('–' unknown)


def session_pair_strata(session: Session) -> list[PairStratum]:
    """Every pair of the session with its kept stratum and the figures it was read from."""
    pairs = list(
        Pair.objects.filter(session=session)
        .select_related("player1", "player2")
        .order_by("-direction", "number")
    )
    players = {pair.player1_id for pair in pairs} | {pair.player2_id for pair in pairs if pair.player2_id}
    values = player_values(session, players) if session.is_stratified else {}

    def text(player_id: int | None) -> str:
        value = values.get(player_id) if player_id is not None else None
        if value is None:
            return "–"
        return f"{value:.1f}" if isinstance(value, float) else format(Decimal(value).normalize(), "f")

    return [
        PairStratum(
            pair,
            stratum_name(pair.stratum) if pair.stratum is not None else "",
            [text(pair.player1_id), *([text(pair.player2_id)] if pair.player2_id else [])],
        )
        for pair in pairs
    ]
