"""A payment entered on a member's account page: cash or a card at the desk, or a bank transfer seen.

One posting from the club's cash, card or bank account to his account. The form carries a
one-time token made when the page was shown: it is the posting's key, so a double click,
or the form sent again from the browser's history, books the payment once. A payment
entered by mistake is reversed from the same page (``account_payment_reverse``), once.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club, Player
from tournaments.core.services.writes import locked, write
from tournaments.money.models import AccountKind, Cause, PayMethod, Posting
from tournaments.money.services.ledger import (
    Transfer,
    check_amount,
    club_account,
    player_account,
    post,
    post_reversal,
)

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


def reversible_payments(club: Club, player: Player) -> set[int]:
    """The payments entered on the player's account page and not reversed: the ones the page may reverse."""
    return set(
        Posting.objects.filter(
            club=club,
            cause=Cause.DESK_PAYMENT,
            cause_id=player.pk,
            key__startswith="payment:",
            reverses__isnull=True,
            reversal__isnull=True,
        ).values_list("pk", flat=True)
    )


@write()
def account_payment_reverse(*, club: Club, player: Player, posting_id: int, by: User | None) -> Posting:
    """Reverse a payment entered on the player's account page by mistake (the wrong amount, the wrong
    member): one reversal posting, saying who and when. Once: a payment reversed already is refused;
    a posting that is not such a payment of his at the club is refused (the desk's, the bank's and
    the charges have their own undo)."""
    payment = locked(Posting.objects.filter(club=club, pk=posting_id)).first()
    if payment is None or payment.pk not in reversible_payments(club, player):
        raise ValidationError(
            {
                "posting": _("That is no payment of %(player)s's that can be reversed here.")
                % {"player": player.name}
            }
        )
    return post_reversal(posting=payment, by=by, on=payment.on)
