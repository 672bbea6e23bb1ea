"""Entries to events: a congress, championship or teams event taking entries before the night.

An ``EntryEvent`` takes entries between its opening and closing, up to its limit; an
``Entry`` is a pair or a team of the event, pending until each of its players has
confirmed (``EntryPlayer.confirmed_at``); its fee is fixed when it is made (each
player's category, less the early-bird reduction until its date); an ``EntryPayment``
says it is paid, from a member's account through the ledger or at the desk, and once
only (``entry_paid_once``); a cancelled entry keeps its rows (``cancelled_at``) and frees
its players (``entry_player_once_in_event`` counts only entries not cancelled). When the
event starts its confirmed entries become the pairs of a night's session or the teams
of a teams event, in one write (services/entries_start.py). An entry made when the event is
full waits (``Entry.waiting``), holding no place and paying nothing, until a cancellation
gives it the place, in the order of the entries' numbers.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club, Player
from tournaments.night.models.sessions import Session
from tournaments.teams.models import TeamsEvent


class EntryEventKind(models.TextChoices):
    CONGRESS = "congress", gettext_lazy("Congress (pairs)")
    CHAMPIONSHIP = "championship", gettext_lazy("Championship (pairs)")
    TEAMS = "teams", gettext_lazy("Teams event")


class PlayerCategory(models.TextChoices):
    MEMBER = "member", gettext_lazy("Member")
    VISITOR = "visitor", gettext_lazy("Visitor")
    JUNIOR = "junior", gettext_lazy("Junior")


class PaymentMethod(models.TextChoices):
    ACCOUNT = "account", gettext_lazy("From the member's account")
    DESK = "desk", gettext_lazy("At the desk")


class EntryEvent(models.Model):
    """An event taking entries: its dates, its limit, its fees a player, who may enter."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="entry_events")
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    kind = models.CharField(
        max_length=14,
        choices=EntryEventKind.choices,
        default=EntryEventKind.CHAMPIONSHIP,
        verbose_name=gettext_lazy("kind"),
    )
    starts_on = models.DateField(verbose_name=gettext_lazy("starts on"))
    opens_at = models.DateTimeField(verbose_name=gettext_lazy("entries open"))
    closes_at = models.DateTimeField(verbose_name=gettext_lazy("entries close"))
    cancel_until = models.DateTimeField(
        verbose_name=gettext_lazy("refund cut-off"),
        help_text=gettext_lazy("An entry cancelled before this is refunded to the account."),
    )
    limit = models.PositiveSmallIntegerField(
        verbose_name=gettext_lazy("limit"), help_text=gettext_lazy("Most entries (pairs or teams) taken.")
    )
    member_fee = models.DecimalField(
        max_digits=9, decimal_places=2, verbose_name=gettext_lazy("member's fee")
    )
    visitor_fee = models.DecimalField(
        max_digits=9, decimal_places=2, verbose_name=gettext_lazy("visitor's fee")
    )
    junior_fee = models.DecimalField(
        max_digits=9, decimal_places=2, verbose_name=gettext_lazy("junior's fee")
    )
    early_bird_until = models.DateTimeField(
        null=True,
        blank=True,
        verbose_name=gettext_lazy("early bird until"),
        help_text=gettext_lazy("Entries made before this pay the early-bird reduction less a player."),
    )
    early_bird_reduction = models.DecimalField(
        max_digits=9,
        decimal_places=2,
        default=Decimal("0.00"),
        verbose_name=gettext_lazy("early-bird reduction a player"),
    )
    members_only = models.BooleanField(
        default=False,
        verbose_name=gettext_lazy("members only"),
        help_text=gettext_lazy("Only players on the club's member list may enter."),
    )
    # Set when the event starts: where its entries were seated.
    session = models.ForeignKey(Session, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    teams_event = models.ForeignKey(
        TeamsEvent, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "starts_on", "name"], name="entry_event_unique_per_club_day"
            ),
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="entry_event_closes_after_opening"
            ),
            models.CheckConstraint(condition=Q(limit__gte=1), name="entry_event_limit_positive"),
            models.CheckConstraint(
                condition=Q(member_fee__gte=0, visitor_fee__gte=0, junior_fee__gte=0)
                & Q(early_bird_reduction__gte=0),
                name="entry_event_fees_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.starts_on:%Y-%m-%d} {self.name}"

    @property
    def is_teams(self) -> bool:
        return self.kind == EntryEventKind.TEAMS

    @property
    def is_started(self) -> bool:
        return self.started_at is not None


class Entry(models.Model):
    """A pair or a team entered in an event, by one of its players (or the desk)."""

    event = models.ForeignKey(EntryEvent, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField()
    team_name = models.CharField(
        max_length=120, blank=True, default="", verbose_name=gettext_lazy("team name")
    )
    fee = models.DecimalField(max_digits=9, decimal_places=2)
    early_bird = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    # Made when the event was full: it holds no place, and is not paid, until promoted (in number order).
    waiting = models.BooleanField(default=False, verbose_name=gettext_lazy("waiting list"))
    promoted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="entry_number_unique_in_event"),
            models.UniqueConstraint(
                fields=["event", "team_name"],
                condition=~Q(team_name="") & Q(cancelled_at__isnull=True),
                name="entry_team_name_unique_in_event",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="entry_number_positive"),
            models.CheckConstraint(condition=Q(fee__gte=0), name="entry_fee_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} #{self.number}"

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None

    @property
    def is_waiting(self) -> bool:
        """On the event's waiting list: made when it was full, not yet given a place."""
        return self.waiting and self.cancelled_at is None


class EntryPlayer(models.Model):
    """A player of an entry, his category and fee, and whether he has confirmed."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="players")
    # The entry's event again, so the database itself refuses a player entered twice.
    event = models.ForeignKey(EntryEvent, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()
    category = models.CharField(max_length=8, choices=PlayerCategory.choices)
    fee = models.DecimalField(max_digits=9, decimal_places=2)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    asked_at = models.DateTimeField(null=True, blank=True, help_text="When he was mailed to confirm.")
    active = models.BooleanField(default=True, help_text="False once the entry is cancelled.")

    class Meta:
        ordering = ["entry", "position"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "position"], name="entry_player_position_once"),
            models.UniqueConstraint(
                fields=["event", "player"], condition=Q(active=True), name="entry_player_once_in_event"
            ),
            models.CheckConstraint(condition=Q(fee__gte=0), name="entry_player_fee_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.entry})"


class EntryPayment(models.Model):
    """An entry's fee paid, once: from a member's account (a ledger posting) or at the desk.

    A refund (an entry cancelled before the cut-off) reverses the posting and is kept here
    beside it: the payment row stays, so the entry can never be charged a second time.
    """

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="payment")
    method = models.CharField(max_length=8, choices=PaymentMethod.choices)
    amount = models.DecimalField(max_digits=9, decimal_places=2)
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    charge_reference = models.CharField(max_length=64, blank=True, default="")
    refund_reference = models.CharField(max_length=64, blank=True, default="")
    refunded_at = models.DateTimeField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="entry_payment_not_negative"),
            models.CheckConstraint(
                condition=~Q(method="account") | Q(payer__isnull=False),
                name="entry_payment_account_has_payer",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} {self.amount} ({self.method})"
