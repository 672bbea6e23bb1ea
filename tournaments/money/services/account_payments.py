"""A payment entered on a member's account page: cash or a card at the desk, or a bank transfer seen.

One posting from the club's cash, card or bank account to his account. The form carries a
one-time token made when the page was shown: it is the posting's key, so a double click,
or the form sent again from the browser's history, books the payment once.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club, Player
from tournaments.money.models import AccountKind, Cause, PayMethod, Posting
from tournaments.money.services.ledger import Transfer, check_amount, club_account, player_account, post

ACCOUNT_OF_METHOD = {
    PayMethod.CASH: AccountKind.CASH,
    PayMethod.CARD: AccountKind.CARD,
    PayMethod.BANK: AccountKind.BANK,
}
_TOKEN = re.compile(r"[0-9a-f]{32}")


def account_payment(
    *,
    club: Club,
    player: Player,
    amount: Decimal | str,
    method: PayMethod | str,
    on: datetime.date,
    memo: str,
    token: str,
    by: User | None,
) -> Posting:
    """Book ``amount`` paid by ``player`` at the club by ``method``; once per ``token``."""
    checked = check_amount(amount, "amount")
    if method not in ACCOUNT_OF_METHOD:
        raise ValidationError({"method": _("Choose cash, card or bank transfer.")})
    if not _TOKEN.fullmatch(token):
        raise ValidationError(_("The form is out of date: open the page again."))
    return post(
        club=club,
        transfers=[
            Transfer(
                club_account(club, ACCOUNT_OF_METHOD[PayMethod(method)]),
                player_account(club, player),
                checked,
            )
        ],
        cause=Cause.DESK_PAYMENT,
        cause_id=player.pk,
        on=on,
        memo=memo,  # the method is the account it came into (cash, card, bank), read in any language
        by=by,
        key=f"payment:{token}",
    )
