"""What the season adds to the rooms below it: ratings after a night, the field's strength, its links."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import OuterRef
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.core.selectors.club_players import Tie, player_ties
from tournaments.night import hooks as night
from tournaments.night.models import ScoringMethod, Session
from tournaments.night.selectors.public import StandingsTable
from tournaments.season.models import ClubMember
from tournaments.season.selectors.competitions import competitions_of
from tournaments.season.selectors.events import event_of_session, events_of
from tournaments.season.selectors.ratings import session_fields
from tournaments.season.services.rating_queue import rates, ratings_owed


def ratings_follow_the_night(session: Session) -> None:
    """A night finished, was corrected after its finish, or reopened: its ratings are owed a refit."""
    if session.scoring == ScoringMethod.MATCHPOINTS:
        ratings_owed(session)


def ratings_follow_a_correction(session: Session) -> None:
    """A settle of a finished night (a result corrected after the finish) moves its standings."""
    if rates(session):
        ratings_owed(session)


def session_field_strength(session: Session, tables: Sequence[StandingsTable]) -> Section | None:
    """The field's strength and each pair's expected percentage (matchpoints only: a rating is a %).

    None for an individual: its pairs are one-round partnerships, each expected a percentage
    over two boards against partnerships of other rounds, which is not what its players are
    ranked on."""
    if session.is_individual:
        return None
    fields = session_fields(session, tables) if not session.is_imps else []
    return Section("tournaments/season/public/_field.html", {"fields": fields}) if fields else None


def player_search_form() -> Section:
    return Section("tournaments/season/public/_player_search_form.html", order=0)


def club_competitions(club: Club) -> Section | None:
    found = competitions_of(club)
    context = {"competitions": found}
    return Section("tournaments/season/public/_club_competitions.html", context, order=10) if found else None


def club_events(club: Club) -> Section | None:
    found = events_of(club)
    return (
        Section("tournaments/season/public/_club_events.html", {"events": found}, order=11) if found else None
    )


def session_in_event(session: Session, tables: Sequence[StandingsTable] = ()) -> Section | None:
    """On a session's pages (public and the director's): which event it is a session of."""
    place = event_of_session(session)
    return (
        Section("tournaments/season/public/_session_event.html", {"place": place}, order=5) if place else None
    )


def director_club_links(club: Club) -> list[Link]:
    return [
        Link(_("competitions"), reverse("director:competitions", args=[club.slug]), order=10),
        Link(_("events"), reverse("director:events", args=[club.slug]), order=15),
        Link(_("members"), reverse("director:members", args=[club.slug]), order=20),
    ]


def director_actions() -> list[Link]:
    return [Link(_("Likely duplicates"), reverse("director:duplicates"), order=90)]


def lists_tie_players() -> list[Tie]:
    """A player on a club's member list."""
    return [Tie(ClubMember.objects.filter(player=OuterRef("pk")), "club")]


def ready() -> None:
    player_ties.register(lists_tie_players)
    night.session_finished.register(ratings_follow_the_night)
    night.session_reopened.register(ratings_follow_the_night)
    night.session_settled.register(ratings_follow_a_correction)
    night.public_session_page.register(session_field_strength)
    sections.home_page.register(player_search_form)
    sections.club_page.register(club_competitions)
    sections.club_page.register(club_events)
    night.public_session_page.register(session_in_event)
    night.director_session_page.register(session_in_event)
    sections.director_club_links.register(director_club_links)
    sections.director_actions.register(director_actions)
