"""What the federation adds to the rooms below it: master points when a night or a teams event
finishes (again after a correction, gone on a reopen), on the session and player pages, in a
player's merge and export, and a club's master points page among its links; a night's strata
(completed as it finishes) and handicaps, in standings beside the overall ones."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.bridge.federations import point_type_choices
from tournaments.core import sections
from tournaments.core.models import Club, Player
from tournaments.core.sections import Link, Section
from tournaments.federation.selectors.exported import awards_exported
from tournaments.federation.selectors.handicaps import HandicapRow, handicap_tables
from tournaments.federation.selectors.pages import (
    event_awards,
    individuals_master_points,
    pairs_master_points,
    player_seasons,
    session_awards,
)
from tournaments.federation.selectors.strata import strata_tables
from tournaments.federation.services.awards import (
    awards_follow_merge,
    event_awards_write,
    session_awards_write,
)
from tournaments.federation.services.strata import strata_complete
from tournaments.night import hooks as night
from tournaments.night.models import Movement, Session, SessionState
from tournaments.night.selectors.public import StandingsTable, session_standings
from tournaments.night.selectors.publication import standings_published
from tournaments.season import hooks as season
from tournaments.teams import hooks as teams
from tournaments.teams.models import TeamsEvent, TeamsRound

SESSION_AWARDS = "tournaments/federation/_session_awards.html"
HANDICAP_STANDINGS = "tournaments/federation/_handicap_standings.html"
STRATA_STANDINGS = "tournaments/federation/_strata_standings.html"


def awards_follow_the_night(session: Session) -> None:
    """A settle or a finish: a finished night's awards follow its places (a teams round's, its event's)."""
    if session.movement != Movement.TEAMS:
        session_awards_write(session)
        return
    teams_round = TeamsRound.objects.filter(session=session).select_related("event").first()
    if teams_round is not None and teams_round.event.state == SessionState.FINISHED:
        event_awards_write(teams_round.event)


def awards_after_settle(session: Session) -> None:
    if session.is_finished:  # a correction after the finish; during play nothing is awarded yet
        awards_follow_the_night(session)


def director_session_awards(session: Session) -> Section | None:
    awards = session_awards(session, public=False)
    if awards is None:
        return None
    choices = point_type_choices(session.club.federation)  # offered where the federation has several
    context = {
        "awards": awards,
        "public": False,
        "individual": session.is_individual,
        "session": session,
        "point_types": choices[1:] and choices,
    }
    return Section(SESSION_AWARDS, context)


def public_session_awards(session: Session, tables: Sequence[StandingsTable]) -> Section | None:
    awards = session_awards(session, public=True)
    context = {"awards": awards, "public": True, "individual": session.is_individual}
    return Section(SESSION_AWARDS, context, order=60) if awards else None


def director_session_handicaps(session: Session) -> Section | None:
    if session.movement == Movement.TEAMS or session.is_imps:
        return None
    # The standings are read only for a handicap event: another night's page costs no query.
    tables = handicap_tables(session, session_standings(session), public=False) if session.handicapped else []
    return Section(HANDICAP_STANDINGS, {"tables": tables, "public": False, "session": session}, order=40)


def public_session_handicaps(session: Session, tables: Sequence[StandingsTable]) -> Section | None:
    if not session.handicapped:
        return None
    # The page's standings may be one page of a big field: a pair's handicapped place is the field's.
    found = handicap_tables(session, standings_published(session), public=True)
    return Section(HANDICAP_STANDINGS, {"tables": found, "public": True}, order=55) if found else None


def director_session_strata(session: Session) -> Section | None:
    if session.movement == Movement.TEAMS:
        return None
    tables = strata_tables(session, session_standings(session), public=False) if session.is_stratified else []
    return Section(STRATA_STANDINGS, {"tables": tables, "public": False, "session": session}, order=35)


def public_session_strata(session: Session, tables: Sequence[StandingsTable]) -> Section | None:
    if not session.is_stratified:
        return None
    # The page's standings may be one page of a big field: a stratum's places are the field's.
    found = strata_tables(session, standings_published(session), public=True)
    return Section(STRATA_STANDINGS, {"tables": found, "public": True}, order=50) if found else None


def teams_event_awards(event: TeamsEvent, public: bool) -> Section | None:
    awards = event_awards(event, public=public)
    context = {"awards": awards, "public": public, "teams": True}
    return Section(SESSION_AWARDS, context, order=60) if awards else None


def phone_standings(session: Session, table: int, state: dict[str, Any], over: bool) -> None:
    """A table's phone shows the handicapped standings and each stratum's beside the scratch ones,
    where it shows standings at all (the club's setting, between rounds): its figures written
    the page's language's way, a pair that has not played with no figure (not its handicap)."""
    if not state.get("standings") or not (session.handicapped or session.is_stratified):
        return
    tables = standings_published(session)  # every table sees them: a round in play counts nowhere
    for found in handicap_tables(session, tables, public=True):
        rows = [
            {"rank": row.place, "pair": row.label, "names": row.names, "figure": _phone_handicapped(row)}
            for row in found.rows
        ]
        state["standings"].append(
            {"title": _("Handicapped: %(field)s") % {"field": found.title}, "rows": rows}
        )
    for stratum in strata_tables(session, tables, public=True):
        rows = [
            {
                "rank": row.place,
                "pair": row.label,
                "names": row.names,
                "figure": _phone_percent(row.percentage),
            }
            for row in stratum.rows
        ]
        state["standings"].append({"title": stratum.title, "rows": rows})


def _phone_handicapped(row: HandicapRow) -> str:
    """A pair's handicapped figure; "no board yet" for a pair that has played none, whose figure
    would be its handicap alone (issue 45, item 5)."""
    return _phone_percent(row.figure) if row.played else _("no board yet")


def _phone_percent(value: float | Decimal) -> str:
    """``52,08%`` in French, as the phone's traveller writes its figures (issue 45, item 4)."""
    # floatformat, as the pages: rounded half up, where number_format cuts 66.666 to 66.66.
    return f"{floatformat(value, 2)}%"


def player_master_points(player: Player) -> Section | None:
    found = player_seasons(player)
    return Section("tournaments/federation/_player_seasons.html", {"seasons": found}) if found else None


def player_export(player: Player, clubs: QuerySet[Club] | None) -> dict[str, object]:
    return {"master_points": awards_exported(player, clubs)}


def director_club_links(club: Club) -> list[Link]:
    return [Link(_("master points"), reverse("director:master_points", args=[club.slug]), order=30)]


def ready() -> None:
    night.session_finished.register(strata_complete)
    night.session_finished.register(awards_follow_the_night)
    night.session_settled.register(awards_after_settle)
    night.session_reopened.register(session_awards_write)
    night.director_session_page.register(director_session_awards)
    night.public_session_page.register(public_session_awards)
    night.director_session_page.register(director_session_handicaps)
    night.public_session_page.register(public_session_handicaps)
    night.director_session_page.register(director_session_strata)
    night.public_session_page.register(public_session_strata)
    night.table_state.register(phone_standings)
    teams.event_finished.register(event_awards_write)
    teams.event_reopened.register(event_awards_write)
    teams.event_scores_changed.register(event_awards_write)
    teams.event_page.register(teams_event_awards)
    season.player_merged.register(awards_follow_merge)
    season.player_exported.register(player_export)
    season.player_page.register(player_master_points)
    season.pairs_master_points.register(pairs_master_points)
    season.players_master_points.register(individuals_master_points)
    sections.director_club_links.register(director_club_links)
