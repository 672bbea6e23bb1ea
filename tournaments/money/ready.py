"""The money's part at the moments of the rooms below: a finished night charges its table money,
and the member list shows each member's type and state."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.money.selectors.memberships import member_standings
from tournaments.money.services.charges import charge_the_night
from tournaments.night import hooks as night_hooks
from tournaments.season import hooks as season_hooks
from tournaments.season.hooks import MemberColumns


def member_list_membership(club: Club) -> MemberColumns:
    """The member list's columns: each member's membership type and his state today."""
    cells = {
        player_id: [standing.type.name if standing.type else "", standing.state_label]
        for player_id, standing in member_standings(club).items()
    }
    return MemberColumns(headers=[_("Membership type"), _("State")], cells=cells)


def ready() -> None:
    night_hooks.session_finished.register(charge_the_night)
    season_hooks.member_list_columns.register(member_list_membership)
