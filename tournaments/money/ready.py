"""The money's part at the moments of the rooms below: a finished night charges its table money,
and the member list shows each member's type and state."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.money.selectors.memberships import member_standings
from tournaments.money.services.charges import charge_the_night
from tournaments.night import hooks as night_hooks
from tournaments.night.models import Session
from tournaments.season import hooks as season_hooks
from tournaments.season.hooks import MemberColumns


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


def ready() -> None:
    sections.director_club_links.register(director_club_links)
    night_hooks.director_session_page.register(director_session_takings)
    night_hooks.session_finished.register(charge_the_night)
    season_hooks.member_list_columns.register(member_list_membership)
