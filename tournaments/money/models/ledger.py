"""The club's books: accounts, and postings whose lines move an amount from one account to another.

Double entry by construction (decision 0074): a line is one positive amount debited to
one account and credited to another of the same club, so every line, and every posting
made of lines, sums to zero, and the database (``CHECK amount > 0``, ``CHECK debit <>
credit``) cannot store one that does not; no trigger is needed on either vendor. A
posting is never changed or deleted (``save`` and ``delete`` refuse, and so do the
querysets' ``update`` and ``delete``): a mistake is reversed by another posting that
names the one it reverses (``reverses``, once), and each says who posted it and when.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club, Player

AMOUNT_DIGITS = 12
AMOUNT_PLACES = 2
CENT = Decimal("0.01")


class LedgerChangeRefused(ValueError):
    """A posting or a line was to be changed or deleted: the books take a reversal instead."""


class AccountKind(models.TextChoices):
    PLAYER = "player", gettext_lazy("Player's account")
    CASH = "cash", gettext_lazy("Cash")
    BANK = "bank", gettext_lazy("Bank")
    CARD = "card", gettext_lazy("Card payments")
    TABLE_MONEY = "table_money", gettext_lazy("Table money income")
    SUBSCRIPTIONS = "subscriptions", gettext_lazy("Subscription income")
    EXTRAS = "extras", gettext_lazy("Extras income")
    # A duplicate player's account, emptied into the kept player's when the two were merged
    # (its lines stay, as every line does; it names no player any more).
    MERGED = "merged", gettext_lazy("Merged player's account")
    ENTRY_FEES = "entry_fees", gettext_lazy("Entry fee income")


class Cause(models.TextChoices):
    """What a posting was made for; ``cause_id`` names the row (a session, a member, a bank line)."""

    SESSION = "session", gettext_lazy("Table money")
    EXTRA = "extra", gettext_lazy("Extra at the desk")
    SUBSCRIPTION = "subscription", gettext_lazy("Subscription")
    DESK_PAYMENT = "desk_payment", gettext_lazy("Payment at the desk")
    BANK_LINE = "bank_line", gettext_lazy("Bank statement line")
    MANUAL = "manual", gettext_lazy("Treasurer's entry")
    REVERSAL = "reversal", gettext_lazy("Reversal")
    ENTRY = "entry", gettext_lazy("Entry to an event")
    LATE_CANCELLATION = "late_cancel", gettext_lazy("Late cancellation")


class ClubBooks(models.Model):
    """A club's settings for its books: the currency its amounts are in."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="books")
    currency = models.CharField(
        max_length=3,
        default="EUR",
        validators=[
            RegexValidator(r"^[A-Z]{3}$", gettext_lazy("A currency is three capital letters (EUR, GBP)."))
        ],
        help_text=gettext_lazy("The currency of the club's books (ISO 4217: EUR, GBP)."),
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(currency=Upper("currency")), name="club_books_currency_upper"),
        ]

    def __str__(self) -> str:
        return f"{self.club} ({self.currency})"


class Account(models.Model):
    """One account of a club's books: a player's, or one of the club's own (cash, bank, incomes).

    A player's account is his at one club (a visitor's too: a member may pay for him, or
    he may owe the club); the club's own accounts are one of each kind.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="accounts")
    kind = models.CharField(max_length=16, choices=AccountKind.choices)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="accounts", null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "kind", "player__name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], condition=Q(kind="player"), name="account_one_per_player"
            ),
            models.UniqueConstraint(
                fields=["club", "kind"],
                condition=~Q(kind__in=["player", "merged"]),
                name="account_one_per_club_kind",
            ),
            models.CheckConstraint(
                condition=Q(kind="player", player__isnull=False)
                | (~Q(kind="player") & Q(player__isnull=True)),
                name="account_player_iff_player_kind",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == AccountKind.PLAYER and self.player is not None:
            return self.player.name
        return str(self.get_kind_display())


class LedgerQuerySet(models.QuerySet[Any]):
    """Rows of the books: read and added, never updated or deleted in bulk."""

    def update(self, **kwargs: Any) -> int:
        raise LedgerChangeRefused("The books are never changed: post a reversal.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise LedgerChangeRefused("The books are never deleted from: post a reversal.")


class Posting(models.Model):
    """One transaction of the books: its lines, what caused it, who posted it and when."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="postings")
    on = models.DateField(help_text=gettext_lazy("The day the posting counts for (a session's date)."))
    at = models.DateTimeField(auto_now_add=True)
    # Who posted it: kept as a name too, and not as a foreign key the database enforces, so that
    # deleting a user changes no posting (``by`` then names nobody; ``by_name`` stays).
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
    )
    by_name = models.CharField(max_length=150, blank=True, default="")
    cause = models.CharField(max_length=16, choices=Cause.choices)
    cause_id = models.PositiveBigIntegerField(null=True, blank=True)
    memo = models.CharField(max_length=200, blank=True, default="")
    # A key makes a posting once: the same key at the same club is refused by the database
    # (a charge of a session's fee, a member's subscription for a year, a bank line).
    key = models.CharField(max_length=120, blank=True, default="")
    reverses = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="reversal"
    )

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["club", "on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], condition=~Q(key=""), name="posting_key_once"),
        ]
        indexes = [models.Index(fields=["club", "cause", "cause_id"], name="posting_cause")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.on} {self.cause} {self.memo}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise LedgerChangeRefused("A posting is never changed: post a reversal.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise LedgerChangeRefused("A posting is never deleted: post a reversal.")


class PostingLine(models.Model):
    """``amount`` moved from ``debit`` to ``credit``: a line that sums to zero by its shape.

    A player's account debited owes the club more (a charge); credited, it owes less (a
    payment). A balance is its credits less its debits (``selectors.ledger``).
    """

    posting = models.ForeignKey(Posting, on_delete=models.PROTECT, related_name="lines")
    debit = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="debits")
    credit = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="credits")
    amount = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)
    memo = models.CharField(max_length=200, blank=True, default="")

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["posting", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="posting_line_amount_positive"),
            models.CheckConstraint(condition=~Q(debit=F("credit")), name="posting_line_two_accounts"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} {self.debit_id} -> {self.credit_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise LedgerChangeRefused("A posting's line is never changed: post a reversal.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise LedgerChangeRefused("A posting's line is never deleted: post a reversal.")
