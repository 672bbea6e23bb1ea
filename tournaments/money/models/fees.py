"""Table money: a club's fee schedules (one per kind of session), their rates, and each player's fee.

A ``TableFee`` is one player's fee for one session, unique by (session, player, kind): it
is what finishing the night charges, once. ``charge`` is the posting that stands for it
(a new one, after a reversal, when the fee changes), ``payment`` the posting of the money
taken at the desk. ``DeskExtra`` is a coffee or a book charged to a player at the desk.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club, Player
from tournaments.money.models.ledger import AMOUNT_DIGITS, AMOUNT_PLACES, Posting
from tournaments.night.models.sessions import Session

# A fee of one night above this is a typing error (a club's table money is a few units).
MAX_FEE = 1000


class FeeStandard(models.TextChoices):
    """Which players a rate is for when the desk does not choose: a member, a visitor, a junior."""

    MEMBER = "member", gettext_lazy("Member")
    VISITOR = "visitor", gettext_lazy("Visitor")
    JUNIOR = "junior", gettext_lazy("Junior")
    OTHER = "other", gettext_lazy("Other (chosen at the desk)")


class PayMethod(models.TextChoices):
    ACCOUNT = "account", gettext_lazy("Account")
    CASH = "cash", gettext_lazy("Cash")
    CARD = "card", gettext_lazy("Card")
    BANK = "bank", gettext_lazy("Bank transfer")
    IOU = "iou", gettext_lazy("IOU")


class FeeSchedule(models.Model):
    """The fees of one kind of session at a club ("Club night", "Teams"); one is the default."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="fee_schedules")
    name = models.CharField(max_length=80)
    default = models.BooleanField(default=False)

    class Meta:
        ordering = ["club", "-default", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="fee_schedule_name_once"),
            models.UniqueConstraint(
                fields=["club"], condition=Q(default=True), name="fee_schedule_one_default"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class FeeRate(models.Model):
    """One rate of a schedule: the member's, the visitor's, the junior's, or one the club adds."""

    schedule = models.ForeignKey(FeeSchedule, on_delete=models.CASCADE, related_name="rates")
    name = models.CharField(max_length=60)
    standard = models.CharField(max_length=8, choices=FeeStandard.choices, default=FeeStandard.OTHER)
    amount = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)

    class Meta:
        ordering = ["schedule", "standard", "name"]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "name"], name="fee_rate_name_once"),
            models.UniqueConstraint(
                fields=["schedule", "standard"], condition=~Q(standard="other"), name="fee_rate_standard_once"
            ),
            models.CheckConstraint(
                condition=Q(amount__gte=0, amount__lte=MAX_FEE), name="fee_rate_amount_sensible"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.amount}"


class SessionFees(models.Model):
    """Which schedule a session's fees follow (the club's default when it has no row)."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="fees")
    schedule = models.ForeignKey(FeeSchedule, on_delete=models.PROTECT, related_name="+")

    def __str__(self) -> str:
        return f"{self.session}: {self.schedule}"


class ChargeKind(models.TextChoices):
    TABLE = "table", gettext_lazy("Table money")


class TableFee(models.Model):
    """One player's table money for one session: its amount, who pays it and how, and its postings."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_fees")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=ChargeKind.choices, default=ChargeKind.TABLE)
    rate_name = models.CharField(max_length=60, blank=True, default="")
    amount = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)
    overridden = models.BooleanField(default=False, help_text=gettext_lazy("Set by hand for the night."))
    payer = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text=gettext_lazy("Who pays it, if not the player (a member paying for his visitor)."),
    )  # fmt: skip
    method = models.CharField(max_length=8, choices=PayMethod.choices, default=PayMethod.ACCOUNT)
    charge = models.ForeignKey(Posting, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    charges = models.PositiveIntegerField(default=0, help_text="Charges posted so far (the next one's key).")
    payment = models.ForeignKey(Posting, on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["session", "player__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player", "kind"], name="table_fee_once"),
            models.CheckConstraint(
                condition=Q(amount__gte=0, amount__lte=MAX_FEE), name="table_fee_amount_sensible"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.amount} ({self.session_id})"


class DeskExtra(models.Model):
    """A coffee or a book charged to a player at the desk, posted when it is entered."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="desk_extras")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    what = models.CharField(max_length=80)
    amount = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)
    method = models.CharField(max_length=8, choices=PayMethod.choices, default=PayMethod.ACCOUNT)
    charge = models.ForeignKey(Posting, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    payment = models.ForeignKey(Posting, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0, amount__lte=MAX_FEE), name="desk_extra_amount_sensible"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.what} {self.amount}"
