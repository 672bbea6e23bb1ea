"""What the pages show of master points: a session's awards (or why none), and totals by season.

Read from the ledger (``MasterPointAward``), never worked out again for a page, so a page
shows what was awarded; only the reason a session has none is asked of the scale
(``selectors.awards``). A season is the calendar year of the night or event. Names follow
the page: the public pages show a player's public name (initials where he asked), the
director's his name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Sum
from django.db.models.functions import ExtractYear
from django.utils.translation import gettext as _

from tournaments.bridge.federations import FEDERATION_NAMES, scale_of
from tournaments.core.models import Club, Player
from tournaments.federation.models import MasterPointAward
from tournaments.federation.selectors.awards import (
    club_scale,
    event_award_plan,
    no_federation_refusal,
    session_award_plan,
    session_scale,
)
from tournaments.night.models import Movement, Pair, Session, SessionState
from tournaments.teams.models import TeamsEvent


@dataclass(frozen=True)
class AwardRow:
    """A pair's award on a session's page (an individual's: a player's, under his number)."""

    label: str
    names: str
    place: str
    points: Decimal


@dataclass(frozen=True)
class SessionAwards:
    """A session's master points for its page: the rows awarded, or the sentence saying why none."""

    scale_name: str
    rows: list[AwardRow]
    refusal: str = ""


def points_text(points: Decimal, federation: str) -> str:
    """Points as the federation prints them: hundredths (0.21) or whole master points (24)."""
    scale = scale_of(federation)
    unit = scale.unit if scale is not None else Decimal("0.01")
    return str(points.quantize(unit))


def _individual_rows(session: Session, *, public: bool) -> list[AwardRow]:
    """An individual's awards, a player a row under his number in the movement."""
    numbers = dict(session.individual_players.values_list("player_id", "number"))
    awards = MasterPointAward.objects.filter(session=session).select_related("player")
    rows = sorted(awards, key=lambda award: (award.place, numbers.get(award.player_id, 0)))
    return [
        AwardRow(
            str(numbers.get(award.player_id, "")),
            award.player.public_name if public else award.player.name,
            f"{award.place}{'=' if award.tied else ''}",
            award.points.quantize(_unit(award)),
        )
        for award in rows
    ]


def _rows(session: Session, *, public: bool) -> list[AwardRow]:
    if session.is_individual:
        return _individual_rows(session, public=public)
    awards = (
        MasterPointAward.objects.filter(session=session)
        .select_related("pair__player1", "pair__player2")
        .order_by("field", "place", "pair__number", "player_id")
    )
    rows: dict[int, AwardRow] = {}
    for award in awards:
        pair: Pair = award.pair  # type: ignore[assignment]  # a session's award names its pair
        if pair.pk not in rows:
            names = pair.public_names if public else pair.names
            place = f"{award.place}{'=' if award.tied else ''}"
            if award.stratum:  # a strat award: its place in its stratum
                place = f"{place} ({award.stratum})"
            rows[pair.pk] = AwardRow(pair.label, names, place, award.points.quantize(_unit(award)))
    return list(rows.values())


def _unit(award: MasterPointAward) -> Decimal:
    scale = scale_of(award.federation)
    return scale.unit if scale is not None else Decimal("0.01")


def session_awards(session: Session, *, public: bool) -> SessionAwards | None:
    """The session's awards, or why none: for the director always, for the public only when
    the club has a federation and the night is over (a teams round shows nothing: its event is awarded)."""
    scale = session_scale(session)
    if session.movement == Movement.TEAMS or (public and (scale is None or not session.is_finished)):
        return None
    rows = _rows(session, public=public)
    name = scale.name if scale is not None else ""
    if rows:
        return SessionAwards(name, rows)
    if scale is None:
        return SessionAwards(name, [], no_federation_refusal(session.club))
    if not session.is_finished:
        return SessionAwards(name, [], _("Master points are awarded when the session finishes."))
    refusal = session_award_plan(session).refusal
    return SessionAwards(name, [], refusal or _("No pair has an award."))


@dataclass(frozen=True)
class SeasonTotal:
    """A player's (or a club's player's) points of one season on one federation's scale."""

    year: int
    federation: str
    points: Decimal
    awards: int

    @property
    def federation_name(self) -> str:
        return FEDERATION_NAMES.get(self.federation, self.federation.upper())

    @property
    def points_text(self) -> str:
        return points_text(self.points, self.federation)


def player_seasons(player: Player) -> list[SeasonTotal]:
    """The player's points by season (newest first) and federation, over every club."""
    rows = (
        MasterPointAward.objects.filter(player=player)
        .annotate(year=ExtractYear("date"))
        .values("year", "federation")
        .annotate(points=Sum("points"), awards=Count("id"))
        .order_by("-year", "federation")
    )
    return [SeasonTotal(row["year"], row["federation"], row["points"], row["awards"]) for row in rows]


def club_seasons(club: Club) -> list[int]:
    """The seasons in which the club awarded master points, newest first."""
    years = MasterPointAward.objects.filter(club=club).annotate(year=ExtractYear("date")).values_list("year")
    return sorted({year for (year,) in years.distinct()}, reverse=True)


@dataclass(frozen=True)
class PlayerTotal:
    """A player's points in one of the club's seasons."""

    player: Player
    total: SeasonTotal


def club_totals(club: Club, year: int) -> list[PlayerTotal]:
    """The club's players' points in a season, most points first (then by name)."""
    rows = list(
        MasterPointAward.objects.filter(club=club, date__year=year)
        .values("player", "federation")
        .annotate(points=Sum("points"), awards=Count("id"))
    )
    players = Player.objects.in_bulk([row["player"] for row in rows])
    totals = [
        PlayerTotal(
            players[row["player"]], SeasonTotal(year, row["federation"], row["points"], row["awards"])
        )
        for row in rows
    ]
    return sorted(totals, key=lambda row: (-row.total.points, row.player.name, row.player.pk))


def session_pair_points(session: Session) -> dict[int, Decimal]:
    """Each awarded pair's points in the ledger (a pair's two players have the same award; an
    individual's awards are a player's, no pair's)."""
    return dict(
        MasterPointAward.objects.filter(session=session, pair__isnull=False)
        .order_by("pair_id")
        .values_list("pair_id", "points")
    )


def pairs_master_points(sessions: Sequence[Session]) -> dict[int, Decimal]:
    """Each pair's award in these sessions (its first player's row: both hold the same)."""
    rows = MasterPointAward.objects.filter(session__in=list(sessions), pair__isnull=False)
    found: dict[int, Decimal] = {}
    for pair_id, points in rows.order_by("pair_id", "player_id").values_list("pair_id", "points"):
        found.setdefault(pair_id, points)
    return found


def individuals_master_points(sessions: Sequence[Session]) -> dict[tuple[int, int], Decimal]:
    """Each player's award in these individuals, by (session id, player id)."""
    individuals = [session for session in sessions if session.is_individual]
    rows = MasterPointAward.objects.filter(session__in=individuals, pair__isnull=True)
    return {
        (session_id, player_id): points
        for session_id, player_id, points in rows.values_list("session_id", "player_id", "points")
        if session_id is not None
    }


def _event_rows(event: TeamsEvent, *, public: bool) -> list[AwardRow]:
    awards = (
        MasterPointAward.objects.filter(teams_event=event)
        .select_related("team", "player")
        .order_by("place", "team__number", "player__name", "player_id")
    )
    rows: dict[int, tuple[MasterPointAward, list[str]]] = {}
    for award in awards:
        first, names = rows.setdefault(award.team_id or 0, (award, []))
        names.append(award.player.public_name if public else award.player.name)
    return [
        AwardRow(
            first.team.name if first.team else "",
            ", ".join(names),
            f"{first.place}{'=' if first.tied else ''}",
            first.points.quantize(_unit(first)),
        )
        for first, names in rows.values()
    ]


def event_awards(event: TeamsEvent, *, public: bool) -> SessionAwards | None:
    """A teams event's awards (a member's points: a team of 5 or 6 gets its part), or why none:
    for the director always, for the public once the club has a federation and the event is over."""
    scale = club_scale(event.club)
    if public and (scale is None or event.state != SessionState.FINISHED):
        return None
    rows = _event_rows(event, public=public)
    name = scale.name if scale is not None else ""
    if rows:
        return SessionAwards(name, rows)
    if scale is None:
        return SessionAwards(name, [], no_federation_refusal(event.club))
    if event.state != SessionState.FINISHED:
        return SessionAwards(name, [], _("Master points are awarded when the event finishes."))
    return SessionAwards(name, [], event_award_plan(event).refusal or _("No team has an award."))
