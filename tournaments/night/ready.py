"""The night's parts of the shared pages: recent sessions, the director's sessions, creating one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db.models import OuterRef
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import changes, language, sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.core.selectors.club_players import Tie, player_ties
from tournaments.core.selectors.health import health_figures
from tournaments.night import live
from tournaments.night.live.phones import table_reads
from tournaments.night.live.stamps import club_changed, players_changed
from tournaments.night.models import Pair, Session, TableAccess
from tournaments.night.push.publish import change_published
from tournaments.night.selectors.director import sessions_directed
from tournaments.night.selectors.health import analysis_queue_length
from tournaments.night.selectors.public import sessions_recent
from tournaments.night.selectors.table_entry import table_entry_reads


def home_sessions() -> Section:
    context = {"sessions": sessions_recent(), "show_club": True}
    return Section("tournaments/night/public/_recent_sessions.html", context, order=20)


def club_sessions(club: Club) -> Section:
    context = {"sessions": sessions_recent(club=club), "show_club": False}
    return Section("tournaments/night/public/_recent_sessions.html", context, order=20)


def director_actions() -> list[Link]:
    return [Link(_("Create a session"), reverse("director:session_new"), css="button", order=10)]


def director_sessions(user: User) -> Section:
    context = {"sessions": list(sessions_directed(user))}
    return Section("tournaments/night/director/_sessions.html", context, order=20)


def pairs_tie_players() -> list[Tie]:
    """A player sat in one of a club's sessions (either seat of a pair; a teams round is one)."""
    return [
        Tie(Pair.objects.filter(player1=OuterRef("pk")), "session__club"),
        Tie(Pair.objects.filter(player2=OuterRef("pk")), "session__club"),
    ]


def session_club_language(view_name: str, arguments: Mapping[str, Any]) -> str | None:
    """The language of the club whose session (``session_id``, ``session_pk``, the public session
    page's ``pk``) or table (``token``) a route names."""
    session_id, token = arguments.get("session_id", arguments.get("session_pk")), arguments.get("token")
    if session_id is None and view_name in ("session", "session_standings", "hand_records", "session_lin"):
        session_id = arguments.get("pk")
    if isinstance(session_id, int):
        return Session.objects.filter(pk=session_id).values_list("club__language", flat=True).first()
    if isinstance(token, str) and len(token) <= 43:
        return (
            TableAccess.objects.filter(token=token).values_list("session__club__language", flat=True).first()
        )
    return None


def ready() -> None:
    language.club_language_of.register(session_club_language)
    changes.players_shown_changed.register(players_changed)
    changes.club_shown_changed.register(club_changed)
    player_ties.register(pairs_tie_players)
    sections.home_page.register(home_sessions)
    sections.club_page.register(club_sessions)
    sections.director_actions.register(director_actions)
    sections.director_home.register(director_sessions)
    health_figures.register(analysis_queue_length)
    table_reads.register(table_entry_reads)
    live.listen(change_published)  # the open pages' streams (issue 52, night.push)
