"""What results by email holds of a player, for his export (the season's ``player_exported``)."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.core.models import Club, Player
from tournaments.mail.models import MailOptOut, ResultMail


def mail_player_export(player: Player, clubs: QuerySet[Club] | None) -> dict[str, object]:
    """The emails of results sent him and his opt-outs, of ``clubs`` only when given (two queries).

    Asked under the data-protection rules the README names: an address the site wrote to is
    data it holds about him, as his memberships' addresses are.
    """
    mails = (
        ResultMail.objects.filter(player=player).select_related("session__club").order_by("created_at", "pk")
    )
    opt_outs = MailOptOut.objects.filter(player=player).select_related("club").order_by("opted_out_at", "pk")
    if clubs is not None:
        mails = mails.filter(session__club__in=clubs)
        opt_outs = opt_outs.filter(club__in=clubs)
    return {
        "result_emails": [
            {
                "club": mail.session.club.name,
                "session_id": mail.session_id,
                "date": mail.session.date.isoformat(),
                "email": mail.email,
                "status": mail.status,
                "sent_at": mail.sent_at.isoformat() if mail.sent_at else None,
            }
            for mail in mails
        ],
        "email_opt_outs": [
            {"club": opt_out.club.name, "at": opt_out.opted_out_at.isoformat()} for opt_out in opt_outs
        ],
    }
