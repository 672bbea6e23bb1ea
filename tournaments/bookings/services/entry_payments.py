"""An entry's fee: charged to a member's account through the ledger, taken at the desk, refunded.

An entry is paid once. Three locks say so: the entry's row is locked and its payment
looked for first (a double click finds it paid); the payment is one row an entry
(``EntryPayment.entry`` is one-to-one, so a second insert is refused by the database);
and the ledger's posting is keyed ``entry:<id>``, which the club's books hold once
(``posting_key_once``). A refund is the charge's reversal (``ledger.post_reversal``,
keyed by the posting it reverses), so it too is posted once, and nothing is edited.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import Entry, EntryPayment, PaymentMethod
from tournaments.core.models import Player
from tournaments.core.services.writes import locked_row, write
from tournaments.money.models import AccountKind, Cause, Posting
from tournaments.money.services.ledger import Transfer, club_account, player_account, post, post_reversal
from tournaments.season.models import ClubMember


def _user(user: AbstractBaseUser | AnonymousUser | None) -> User | None:
    return user if isinstance(user, User) and user.is_authenticated else None


def _charge_key(entry: Entry) -> str:
    return f"entry:{entry.pk}"


def _check_payable(entry: Entry) -> None:
    if entry.is_cancelled:
        raise ValidationError({"entry": _("This entry has been cancelled: it is not paid.")})
    if hasattr(entry, "payment"):
        raise ValidationError({"entry": _("This entry is already paid.")})
    if entry.waiting:
        raise ValidationError(
            {"entry": _("This entry is on the waiting list: it is paid once it has a place.")}
        )


@write()
def entry_pay_from_account(
    *, entry: Entry, payer: Player, user: AbstractBaseUser | AnonymousUser | None = None
) -> EntryPayment:
    """Charge the entry's fee to ``payer``'s account at the club (a member of it, in the entry)."""
    entry = locked_row(entry, Entry.objects.select_related("event", "event__club"))
    _check_payable(entry)
    club = entry.event.club
    if not entry.players.filter(player=payer).exists():
        raise ValidationError({"payer": _("Only a player of the entry pays it from his account.")})
    if not ClubMember.objects.filter(club=club, player=payer).exists():
        raise ValidationError(
            {"payer": _("%(name)s has no account at the club: pay at the desk.") % {"name": payer.name}}
        )
    posting = None
    if entry.fee > 0:
        posting = post(
            club=club,
            transfers=[
                Transfer(
                    debit=player_account(club, payer),
                    credit=club_account(club, AccountKind.ENTRY_FEES),
                    amount=entry.fee,
                    memo=f"{entry.event.name} #{entry.number}",
                )
            ],
            cause=Cause.ENTRY,
            cause_id=entry.pk,
            memo=f"{entry.event.name} #{entry.number}",
            by=_user(user),
            key=_charge_key(entry),
        )
    return _payment(entry, PaymentMethod.ACCOUNT, payer, posting, user)


@write()
def entry_pay_at_desk(*, entry: Entry, user: AbstractBaseUser | AnonymousUser | None = None) -> EntryPayment:
    """Record the entry's fee taken at the desk, in cash: the club's cash to the entries' income."""
    entry = locked_row(entry, Entry.objects.select_related("event", "event__club"))
    _check_payable(entry)
    club = entry.event.club
    posting = None
    if entry.fee > 0:
        posting = post(
            club=club,
            transfers=[
                Transfer(
                    debit=club_account(club, AccountKind.CASH),
                    credit=club_account(club, AccountKind.ENTRY_FEES),
                    amount=entry.fee,
                    memo=f"{entry.event.name} #{entry.number}",
                )
            ],
            cause=Cause.ENTRY,
            cause_id=entry.pk,
            memo=f"{entry.event.name} #{entry.number}",
            by=_user(user),
            key=_charge_key(entry),
        )
    payer = entry.players.order_by("position").first()
    return _payment(entry, PaymentMethod.DESK, payer.player if payer else None, posting, user)


def _payment(
    entry: Entry,
    method: str,
    payer: Player | None,
    posting: Posting | None,
    user: AbstractBaseUser | AnonymousUser | None,
) -> EntryPayment:
    payment = EntryPayment(
        entry=entry,
        method=method,
        amount=entry.fee,
        payer=payer,
        charge_reference=str(posting.pk) if posting is not None else "",
        by=_user(user),
    )
    try:
        with write():  # a savepoint: the refusal leaves the caller's write usable
            payment.save()
    except IntegrityError:  # another payment of the entry got in first (entry_paid_once)
        raise ValidationError({"entry": _("This entry is already paid.")}) from None
    return payment


@write()
def entry_refund(
    *, entry: Entry, user: AbstractBaseUser | AnonymousUser | None = None
) -> EntryPayment | None:
    """Give a paid entry's fee back to the account: the charge's reversal (from the account),
    or (paid at the desk) the fee credited to the account of the player who entered.

    Nothing for an entry not paid, or refunded already.
    """
    payment = EntryPayment.objects.filter(entry=entry).select_related("entry__event__club").first()
    if payment is None or payment.refunded_at is not None:
        return payment
    payment = locked_row(payment)
    club = entry.event.club
    refund = None
    if payment.charge_reference:
        charge = Posting.objects.get(club=club, pk=int(payment.charge_reference))
        if payment.method == PaymentMethod.ACCOUNT:
            refund = post_reversal(posting=charge, by=_user(user))
        elif payment.payer is not None:
            refund = post(
                club=club,
                transfers=[
                    Transfer(
                        debit=club_account(club, AccountKind.ENTRY_FEES),
                        credit=player_account(club, payment.payer),
                        amount=payment.amount,
                        memo=f"{entry.event.name} #{entry.number}",
                    )
                ],
                cause=Cause.ENTRY,
                cause_id=entry.pk,
                memo=_("Refund: %(event)s #%(number)d") % {"event": entry.event.name, "number": entry.number},
                by=_user(user),
                key=f"entry-refund:{entry.pk}",
            )
    payment.refunded_at = timezone.now()
    payment.refund_reference = str(refund.pk) if refund is not None else ""
    payment.save(update_fields=["refunded_at", "refund_reference"])
    return payment
