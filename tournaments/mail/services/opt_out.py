"""A member asks, from the link in an email, to be sent nothing more by his club."""

from __future__ import annotations

from tournaments.core.models import Club, Player
from tournaments.core.services.writes import write
from tournaments.mail.models import MailOptOut


def mail_opt_out(*, club: Club, player: Player) -> MailOptOut:
    """Record the opt-out (again changes nothing): no email of the club reaches him from now on."""
    with write():
        opt_out, _created = MailOptOut.objects.get_or_create(club=club, player=player)
    return opt_out


def mail_opt_in(*, club: Club, player: Player) -> None:
    """Take the opt-out back (none to take changes nothing): the club's results mail reaches him again.

    Only the member himself asks it, signed in (tournaments.members); a link in a mail cannot.
    """
    with write():
        MailOptOut.objects.filter(club=club, player=player).delete()
