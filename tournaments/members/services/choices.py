"""What a signed-in member chooses for himself: his privacy, and his club's results mail."""

from __future__ import annotations

from django.http import Http404

from tournaments.core.models import Club, Player
from tournaments.mail.services.opt_out import mail_opt_in, mail_opt_out
from tournaments.members.models import MemberAccount
from tournaments.members.selectors.accounts import memberships_of
from tournaments.season.services.privacy import player_initials_chosen


def check_member_is(account: MemberAccount, player: Player, club: Club | None = None) -> None:
    """Refuse (a 404, as for a page that is not there) a player, or a club's membership, not his."""
    memberships = memberships_of(account.email).filter(player=player)
    if club is not None:
        memberships = memberships.filter(club=club)
    if not memberships.exists():
        raise Http404


def member_privacy_set(*, account: MemberAccount, player: Player, shown_by_initials: bool) -> Player:
    """His own choice: public pages show his initials, and the player search does not find him."""
    check_member_is(account, player)
    return player_initials_chosen(player=player, shown_by_initials=shown_by_initials)


def member_results_mail_set(*, account: MemberAccount, player: Player, club: Club, mailed: bool) -> None:
    """His own choice for one club: its results mail (the club's only mail) on or off."""
    check_member_is(account, player, club)
    if mailed:
        mail_opt_in(club=club, player=player)
    else:
        mail_opt_out(club=club, player=player)
