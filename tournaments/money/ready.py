"""The money's part at the moments of the rooms below: a finished night charges its table money,
the member list shows each member's type and state, and a teams event links its takings."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.money.selectors.fees import teams_fee_session
from tournaments.money.selectors.memberships import member_standings
from tournaments.money.services.charges import charge_the_night
from tournaments.money.services.merges import accounts_follow_merge
from tournaments.night import hooks as night_hooks
from tournaments.night.models import Session
from tournaments.season import hooks as season_hooks
from tournaments.season.hooks import MemberColumns
from tournaments.teams import hooks as teams_hooks
from tournaments.teams.models import TeamsEvent


def member_list_membership(club: Club) -> MemberColumns:
    """The member list's columns: each member's membership type and his state today."""
    cells = {
        player_id: [standing.type.name if standing.type else "", standing.state_label]
        for player_id, standing in member_standings(club).items()
    }
    return MemberColumns(headers=[_("Membership type"), _("State")], cells=cells)


def director_club_links(club: Club) -> list[Link]:
    return [
        Link(_("the books"), reverse("director:money_books", args=[club.slug]), order=30),
        Link(_("memberships"), reverse("director:money_memberships", args=[club.slug]), order=31),
    ]


def director_session_takings(session: Session) -> Section:
    """A link at the foot of the director's session page to the night's takings."""
    return Section("tournaments/money/_session_takings.html", {"session": session}, order=80)


def teams_event_takings(event: TeamsEvent, public: bool) -> Section | None:
    """On the director's event page, a link to the night's takings: a teams night pays once, at the
    desk of its first round's session (none before a round is seated)."""
    session = None if public else teams_fee_session(event)
    if session is None:
        return None
    return Section("tournaments/money/_session_takings.html", {"session": session}, order=80)


def ready() -> None:
    sections.director_club_links.register(director_club_links)
    night_hooks.director_session_page.register(director_session_takings)
    night_hooks.session_finished.register(charge_the_night)
    season_hooks.member_list_columns.register(member_list_membership)
    season_hooks.player_merged.register(accounts_follow_merge)
    teams_hooks.event_page.register(teams_event_takings)
