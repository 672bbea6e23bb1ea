"""Table money charged to the accounts: once per fee, at the night's finish, and again only as changed.

A fee (``TableFee``, unique by session, player and kind) stands for one charge at a time
(``fee.charge``). ``fee_settle`` makes the books agree with the fee: nothing when its
charge already says the same payer and amount, else one reversal of the old charge and
one new charge, keyed ``fee:<id>:<n>`` so the database refuses the same charge twice.
Finishing a night (``charge_the_night``, at ``night.hooks.session_finished``, in the
finish's transaction with the session's row locked) settles every fee of the night: a
double click or a second director finds the night finished and is refused by the night;
reopening and finishing again settles fees already settled, which books nothing; a worker
killed mid-finish rolls the whole finish back, charges with it, and the next finish
charges them (decision 0075).

Money taken at the desk (cash, card, bank transfer) is a payment posting into the club's
account of that kind from the payer's; while it stands, the fee cannot change.
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Player
from tournaments.core.services.writes import locked, locked_row, write
from tournaments.money.models import (
    AccountKind,
    Cause,
    ChargeKind,
    DeskExtra,
    FeeRate,
    PayMethod,
    Posting,
    PostingLine,
    TableFee,
)
from tournaments.money.models.fees import MAX_FEE
from tournaments.money.models.ledger import CENT
from tournaments.money.selectors.fees import desk_rows, schedule_of
from tournaments.money.services.ledger import (
    Transfer,
    club_account,
    player_account,
    post,
    post_reversal,
    typed_amount,
)
from tournaments.night.models import Session, SessionState

# The club's account that money taken at the desk goes into, by the way it was paid.
TAKEN_INTO = {
    PayMethod.CASH: AccountKind.CASH,
    PayMethod.CARD: AccountKind.CARD,
    PayMethod.BANK: AccountKind.BANK,
}


def check_fee(value: object, field: str = "amount") -> Decimal:
    """``value`` as a night's fee: zero or more, two places at most, at most ``MAX_FEE``.

    Text is read as a person types it (``12,50``, ``1.234,50``: ``ledger.typed_amount``)."""
    amount = typed_amount(value, field)
    if not amount.is_finite() or amount != amount.quantize(CENT) or amount < 0 or amount > MAX_FEE:
        raise ValidationError(
            {field: _("A fee is an amount from 0 to %(max)s with at most two decimals; %(value)s is not.")
             % {"max": MAX_FEE, "value": value}}
        )  # fmt: skip
    return amount.quantize(CENT)


def _memo(session: Session, player: Player) -> str:
    # Names and dates only: the books are read in every language (decision 0068's rule).
    return f"{session.date.isoformat()} {session.name}: {player.name}"


def fees_ensure(session: Session) -> None:
    """Give every player of the session a fee by its schedule, where he has none (in a write)."""
    if schedule_of(session) is None and not TableFee.objects.filter(session=session).exists():
        return  # the club charges no table money for this night
    for row in desk_rows(session):
        if row.fee is None:
            TableFee.objects.get_or_create(
                session=session,
                player=row.player,
                kind=ChargeKind.TABLE,
                defaults={"amount": row.rate.amount, "rate_name": row.rate.name, "payer": row.standing_payer},
            )


def fee_settle(fee: TableFee, session: Session, by: User | None = None) -> None:
    """Make the fee's charge say what the fee says: nothing to do, or one reversal and one charge."""
    payer_id = fee.payer_id or fee.player_id
    if fee.charge_id is not None:
        line = PostingLine.objects.select_related("debit").get(posting_id=fee.charge_id)
        if line.debit.player_id == payer_id and line.amount == fee.amount:
            return
        post_reversal(posting=Posting.objects.get(pk=fee.charge_id), by=by, on=session.date)
        fee.charge = None
    if fee.amount > 0:
        payer = fee.payer or fee.player
        club = session.club
        fee.charges += 1
        fee.charge = post(
            club=club,
            transfers=[
                Transfer(
                    player_account(club, payer),
                    club_account(club, AccountKind.TABLE_MONEY),
                    fee.amount,
                    _memo(session, fee.player),
                )
            ],
            cause=Cause.SESSION,
            cause_id=session.pk,
            on=session.date,
            memo=_memo(session, fee.player),
            by=by,
            key=f"fee:{fee.pk}:{fee.charges}",
        )
    fee.save(update_fields=["charge", "charges"])


def charge_the_night(session: Session) -> None:
    """Charge every fee of the finished night to its payer's account, once (the finish's hook)."""
    fees_ensure(session)
    fees = TableFee.objects.filter(session=session).select_related("player", "payer").order_by("pk")
    for fee in locked(fees, of=("self",)):
        fee_settle(fee, session)


def _check_payer(session: Session, player: Player, payer: Player | None) -> Player | None:
    if payer is None or payer.pk == player.pk:
        return None
    return payer


@write()
def fee_set(
    *,
    session: Session,
    player: Player,
    amount: object,
    payer: Player | None = None,
    method: str = PayMethod.ACCOUNT,
    rate: FeeRate | None = None,
    by: User | None = None,
) -> TableFee:
    """Set a player's fee for the night: its amount (or a rate of the night's schedule, a "Student"
    rate the club added: its amount then), who pays it and how.

    On a night already charged the charge follows at once (one reversal, one charge).
    Refused while money taken at the desk stands for it: undo the payment first.
    """
    session = locked_row(session)
    if rate is not None:
        schedule = schedule_of(session)
        if schedule is None or rate.schedule_id != schedule.pk:
            raise ValidationError({"rate": _("That rate is not one of the night's fees.")})
        amount = rate.amount
    value = check_fee(amount)
    if method not in PayMethod.values:
        raise ValidationError({"method": _("%(value)s is not a way of paying.") % {"value": method}})
    fee, _created = TableFee.objects.get_or_create(
        session=session, player=player, kind=ChargeKind.TABLE, defaults={"amount": value}
    )
    fee = locked_row(fee)
    payer = _check_payer(session, player, payer)
    changed = value != fee.amount or (payer.pk if payer else None) != fee.payer_id or method != fee.method
    if fee.payment_id is not None and changed:
        raise ValidationError(
            {"amount": _("%(player)s's fee was paid at the desk: undo the payment before changing it.")
             % {"player": player.name}}
        )  # fmt: skip
    if value != fee.amount:
        fee.overridden = True
        fee.rate_name = ""
    if rate is not None:
        fee.rate_name = rate.name
    fee.amount, fee.payer, fee.method = value, payer, method
    fee.save(update_fields=["amount", "payer", "method", "overridden", "rate_name"])
    if fee.charge_id is not None or session.state == SessionState.FINISHED:
        fee_settle(fee, session, by=by)
    return fee


def _take(
    session: Session,
    payer: Player,
    method: str,
    amount: Decimal,
    cause: Cause,
    cause_id: int,
    by: User | None,
) -> Posting:
    kind = TAKEN_INTO.get(PayMethod(method))
    if kind is None:
        raise ValidationError({"method": _("Only cash, card or a bank transfer is taken at the desk.")})
    club = session.club
    return post(
        club=club,
        transfers=[
            Transfer(club_account(club, kind), player_account(club, payer), amount, _memo(session, payer))
        ],
        cause=cause,
        cause_id=cause_id,
        on=session.date,
        memo=_memo(session, payer),
        by=by,
    )


@write()
def fee_receive(*, fee: TableFee, by: User | None = None) -> TableFee:
    """Mark the fee's money as taken at the desk (cash, card or bank): once, whatever the clicks."""
    locked_row(fee.session)
    fee = locked(TableFee.objects.select_related("session__club", "player", "payer"), of=("self",)).get(
        pk=fee.pk
    )
    if fee.payment_id is not None:
        return fee
    if fee.amount <= 0:
        raise ValidationError({"amount": _("%(player)s pays nothing tonight.") % {"player": fee.player.name}})
    payer = fee.payer or fee.player
    fee.payment = _take(fee.session, payer, fee.method, fee.amount, Cause.DESK_PAYMENT, fee.pk, by)
    fee.save(update_fields=["payment"])
    return fee


@write()
def fee_payment_undo(*, fee: TableFee, by: User | None = None) -> TableFee:
    """Undo the money taken for the fee (a reversal posting), so that the fee may change."""
    locked_row(fee.session)
    fee = locked_row(fee, TableFee.objects.select_related("session"))
    if fee.payment_id is None:
        return fee
    post_reversal(posting=Posting.objects.get(pk=fee.payment_id), by=by, on=fee.session.date)
    fee.payment = None
    fee.save(update_fields=["payment"])
    return fee


@write()
def extra_add(
    *,
    session: Session,
    player: Player,
    what: str,
    amount: object,
    method: str = PayMethod.ACCOUNT,
    by: User | None = None,
) -> DeskExtra:
    """Charge an extra (a coffee, a book) to the player at once; taken in money, its payment too."""
    session = locked_row(session, Session.objects.select_related("club"))
    value = check_fee(amount)
    if value <= 0:
        raise ValidationError(
            {"amount": _("An extra costs something: %(value)s is not above zero.") % {"value": amount}}
        )
    what = " ".join(what.split())
    if not what:
        raise ValidationError({"what": _("Say what the extra is.")})
    if method not in PayMethod.values:
        raise ValidationError({"method": _("%(value)s is not a way of paying.") % {"value": method}})
    extra = DeskExtra.objects.create(
        session=session, player=player, what=what[:80], amount=value, method=method
    )
    club = session.club
    memo = f"{session.date.isoformat()} {session.name}: {player.name}, {extra.what}"
    extra.charge = post(
        club=club,
        transfers=[
            Transfer(player_account(club, player), club_account(club, AccountKind.EXTRAS), value, memo)
        ],
        cause=Cause.EXTRA,
        cause_id=extra.pk,
        on=session.date,
        memo=memo,
        by=by,
        key=f"extra:{extra.pk}",
    )
    if method in TAKEN_INTO:
        extra.payment = _take(session, player, method, value, Cause.DESK_PAYMENT, extra.pk, by)
    extra.save(update_fields=["charge", "payment"])
    return extra


@write()
def extra_undo(*, extra: DeskExtra, by: User | None = None) -> DeskExtra:
    """Undo an extra charged by mistake: its charge reversed, and the money taken for it too.

    Once: an extra undone already (its charge reversed) is left as it is.
    """
    locked_row(extra.session)
    extra = locked_row(extra, DeskExtra.objects.select_related("session"))
    if extra.charge_id is None or Posting.objects.filter(reverses_id=extra.charge_id).exists():
        return extra
    on = extra.session.date
    if extra.payment_id is not None:
        post_reversal(posting=Posting.objects.get(pk=extra.payment_id), by=by, on=on)
    post_reversal(posting=Posting.objects.get(pk=extra.charge_id), by=by, on=on)
    return extra
