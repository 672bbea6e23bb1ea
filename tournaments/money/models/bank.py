"""The bank's statements in the books: each file imported, and each of its lines, once.

A ``BankImport`` is one file a treasurer uploaded: kept (its bytes, a statement is small)
while he looks at the preview, then booked, or left. A ``BankEntry`` is one line of the
club's bank account, unique at the club by its ``key`` (``bankfiles.line_keys``: the
file's own id for the line, else account, date, amount, reference and place among equal
lines), so a statement imported twice, or two statements that overlap, book each line
once. A line matched to a member is booked by a posting (``posting``); one matched to
nobody waits, listed, for the treasurer to match by hand or to leave.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club
from tournaments.money.models.ledger import AMOUNT_DIGITS, AMOUNT_PLACES, Account, Posting


class BankImportState(models.TextChoices):
    PREVIEWED = "previewed", gettext_lazy("Previewed, not booked")
    BOOKED = "booked", gettext_lazy("Booked")


class BankImport(models.Model):
    """One bank file uploaded at a club: who sent it, when, and whether its lines are booked."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="bank_imports")
    filename = models.CharField(max_length=200, blank=True, default="")
    format = models.CharField(max_length=8, help_text=gettext_lazy("csv, ofx or mt940"))
    data = models.BinaryField(help_text=gettext_lazy("The file as uploaded, read again when it is booked."))
    digest = models.CharField(max_length=64, help_text=gettext_lazy("SHA-256 of the file."))
    state = models.CharField(
        max_length=10, choices=BankImportState.choices, default=BankImportState.PREVIEWED
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)
    booked_at = models.DateTimeField(null=True, blank=True)
    booked = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Lines booked to a member."))
    unmatched = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Lines matched to nobody."))
    repeated = models.PositiveIntegerField(default=0, help_text=gettext_lazy("Lines imported before."))

    class Meta:
        ordering = ["club", "-uploaded_at", "-id"]

    def __str__(self) -> str:
        return f"{self.club} {self.filename} ({self.state})"


class EntryState(models.TextChoices):
    BOOKED = "booked", gettext_lazy("Booked")
    UNMATCHED = "unmatched", gettext_lazy("Matched to nobody")
    LEFT = "left", gettext_lazy("Left by the treasurer")


class MatchedBy(models.TextChoices):
    REFERENCE = "reference", gettext_lazy("Reference or number")
    NAME = "name", gettext_lazy("Name")
    HAND = "hand", gettext_lazy("By hand")
    NONE = "", gettext_lazy("Nobody")


class BankEntry(models.Model):
    """One line of the club's bank account, as its statement gave it, and what became of it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="bank_entries")
    bank_import = models.ForeignKey(BankImport, on_delete=models.PROTECT, related_name="entries")
    key = models.CharField(max_length=64)
    line = models.PositiveIntegerField(help_text=gettext_lazy("Where it is in the file."))
    on = models.DateField()
    amount = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)
    currency = models.CharField(max_length=3, blank=True, default="")
    reference = models.CharField(max_length=500, blank=True, default="")
    name = models.CharField(max_length=500, blank=True, default="")
    description = models.CharField(max_length=500, blank=True, default="")
    account_number = models.CharField(max_length=500, blank=True, default="")
    state = models.CharField(max_length=10, choices=EntryState.choices)
    matched_by = models.CharField(max_length=10, choices=MatchedBy.choices, blank=True, default="")
    account = models.ForeignKey(
        Account, on_delete=models.PROTECT, null=True, blank=True, related_name="bank_entries"
    )
    posting = models.OneToOneField(
        Posting, on_delete=models.PROTECT, null=True, blank=True, related_name="bank_entry"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "on", "bank_import", "line"]
        verbose_name_plural = "bank entries"
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="bank_entry_once"),
            models.CheckConstraint(
                condition=Q(state="booked", posting__isnull=False, account__isnull=False)
                | (~Q(state="booked") & Q(posting__isnull=True)),
                name="bank_entry_booked_iff_posted",
            ),
        ]
        indexes = [models.Index(fields=["club", "state"], name="bank_entry_state")]

    def __str__(self) -> str:
        return f"{self.on} {self.amount} {self.name or self.reference} ({self.state})"

    @property
    def text(self) -> str:
        return " ".join(part for part in (self.name, self.reference, self.description) if part)


class StatementSettings(models.Model):
    """A club's statements by email: sent to members whose balance is below ``threshold``."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="statement_settings")
    threshold = models.DecimalField(
        max_digits=AMOUNT_DIGITS,
        decimal_places=AMOUNT_PLACES,
        default=0,
        help_text=gettext_lazy(
            "A member whose balance is below this is emailed his statement (0: all in debit)."
        ),
    )

    def __str__(self) -> str:
        return f"{self.club}: below {self.threshold}"


class NoticeStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Pending")
    SENT = "sent", gettext_lazy("Sent")
    FAILED = "failed", gettext_lazy("Failed")


class StatementNotice(models.Model):
    """One statement emailed to one member on one day: recorded before it is sent, so it is sent once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="statement_notices")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    on = models.DateField()
    email = models.EmailField()
    balance = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)
    status = models.CharField(max_length=8, choices=NoticeStatus.choices, default=NoticeStatus.PENDING)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=1000, blank=True, default="")

    class Meta:
        ordering = ["club", "-on", "player"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player", "on"], name="statement_notice_once_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.email} {self.on} {self.balance} ({self.status})"
