"""The club database: clubs, players, sessions, pairs, boards, results and standings.

Invariants live here as database constraints (one result per board for a pair, no pair
against itself, tricks 0..13, unique board and pair numbers in a session) and again in
the services' and forms' messages. Scores are stored from North-South's point of view
(SPEC decision 7); matchpoints and standings are derived, and the services rescore them
with every change to a result (``services.standings.scores_settle``; a table's entry
once the tables' sends pause, ``services.settle_soon``), so they agree with the results.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse

from tournaments.bridge import Contract, board_dealer, board_vulnerability
from tournaments.bridge.adjusted import AdjustmentError, Assigned

# An assigned (weighted) score has 2 to this many scores (Law 12C1c; directors use 2 or 3).
ASSIGNED_MAX_PARTS = 4
_ASSIGNED_KEYS = {"weight", "contract", "declarer", "tricks", "ns_score"}


def validate_assigned_parts(value: Any) -> None:
    """Check a result's assigned score: 2-4 parts, each a weighted scored contract, weights adding to 1.

    Stored as JSON: ``[{"weight": "3/10", "contract": "4S", "declarer": "N", "tricks": 10,
    "ns_score": 420}, ...]``; a weight is an exact fraction written as text, so 1/3 + 2/3
    adds up to exactly 1. The database cannot sum a JSON list portably, so this validator
    (run by ``full_clean`` in every service that writes one) is where the sum is checked.
    """
    if value is None:
        return
    if not isinstance(value, list) or not 2 <= len(value) <= ASSIGNED_MAX_PARTS:
        raise ValidationError(f"An assigned score has 2 to {ASSIGNED_MAX_PARTS} weighted scores.")
    for number, part in enumerate(value, start=1):
        if not isinstance(part, dict) or set(part) != _ASSIGNED_KEYS:
            raise ValidationError(f"Assigned score part {number} must have {sorted(_ASSIGNED_KEYS)}.")
        if not isinstance(part["ns_score"], int) or isinstance(part["ns_score"], bool):
            raise ValidationError(f"Assigned score part {number}: the score must be a whole number.")
    try:
        Assigned.of(*((part["weight"], part["ns_score"]) for part in value))
    except (AdjustmentError, TypeError) as error:
        raise ValidationError(f"Assigned score: {error}") from None


# Pair numbers a director may give: more than any real session's field.
MAX_PAIR_NUMBER = 999
# The database's bound, higher for legacy files, which may hold any number of pairs
# (SPEC 9; the import speed target is 10,000). An import beyond it is refused by name.
MAX_STORED_PAIR_NUMBER = 99_999


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="directed_clubs",
        help_text="Users who may run this club's sessions.",
    )
    average_plus = models.FloatField(
        default=60.0, help_text="Percentage an Average-plus adjusted score gives (Law 12C2)."
    )
    average_minus = models.FloatField(
        default=40.0, help_text="Percentage an Average-minus adjusted score gives (Law 12C2)."
    )
    table_entry_lead = models.BooleanField(
        default=False, help_text="Tables entering their own results also enter the opening lead."
    )
    table_standings = models.BooleanField(
        default=True, help_text="Tables see the standings so far when a round's boards are all in."
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    average_plus__gte=50, average_plus__lte=100, average_minus__gte=0, average_minus__lte=50
                ),
                name="club_adjustment_percentages_around_average",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


class Player(models.Model):
    name = models.CharField(max_length=120, db_index=True)
    federation_number = models.CharField(
        max_length=20, blank=True, default="", help_text="National federation number, if known."
    )

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation_number"],
                condition=~Q(federation_number=""),
                name="player_federation_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])


class Movement(models.TextChoices):
    MITCHELL = "mitchell", "Mitchell (NS and EW fields)"
    HOWELL = "howell", "Howell (one field)"


class SessionState(models.TextChoices):
    """Where a session is in its night: the public pages publish boards by this (see selectors.public)."""

    PREPARATION = "preparation", "In preparation"
    PLAY = "play", "In play"
    FINISHED = "finished", "Finished"


class EvenTables(models.TextChoices):
    """How a Mitchell with an even number of tables avoids meeting its own boards again."""

    RELAY = "relay", "Relay and bye stand"
    SKIP = "skip", "Skip after half the rounds"


class Direction(models.TextChoices):
    NS = "NS", "North-South"
    EW = "EW", "East-West"
    NONE = "", "Either (Howell)"


class ScoringMethod(models.TextChoices):
    MATCHPOINTS = "mp", "Matchpoints"
    CROSS_IMPS = "cross_imps", "IMP pairs, cross-IMPs"
    BUTLER = "butler", "IMP pairs, Butler"


class Adjustment(models.TextChoices):
    """An artificial adjusted score for one side of a table (Law 12C2); blank for a played result."""

    NONE = "", "-"
    AVERAGE_PLUS = "A+", "Average-plus"
    AVERAGE = "A", "Average"
    AVERAGE_MINUS = "A-", "Average-minus"


class Session(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    date = models.DateField()
    name = models.CharField(max_length=120)
    movement = models.CharField(max_length=10, choices=Movement.choices, default=Movement.MITCHELL)
    scoring = models.CharField(
        max_length=10, choices=ScoringMethod.choices, default=ScoringMethod.MATCHPOINTS
    )
    # The movement's configuration; all blank for a session without one (legacy imports and
    # sessions from before movements), whose results are entered by pair numbers as before.
    # The rounds are computed from it by tournaments.bridge.movements, not stored: see
    # docs/decisions.md ("The movement is computed from its configuration").
    movement_tables = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="tables")
    movement_rounds = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="rounds")
    boards_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    even_tables = models.CharField(
        max_length=5, choices=EvenTables.choices, default=EvenTables.RELAY, blank=True
    )
    arrow_switch_rounds = models.JSONField(
        default=list, blank=True, help_text="Rounds on which EW sit NS (a one-winner Mitchell)."
    )
    state = models.CharField(max_length=12, choices=SessionState.choices, default=SessionState.PREPARATION)
    scored_full_count = models.PositiveIntegerField(
        null=True,
        blank=True,
        editable=False,
        help_text="Results on the fullest board when the session was last scored (Neuberg's full top).",
    )
    source_sha256 = models.CharField(
        max_length=64,
        blank=True,
        default="",
        editable=False,
        help_text="Digest of the legacy score file this session was imported from.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "date", "name"], name="session_unique_per_club_day"),
            models.UniqueConstraint(
                fields=["club", "source_sha256"],
                condition=~Q(source_sha256=""),
                name="session_source_file_imported_once",
            ),
            models.CheckConstraint(
                condition=(
                    Q(movement_tables__isnull=True)
                    & Q(movement_rounds__isnull=True)
                    & Q(boards_per_round__isnull=True)
                )
                | (Q(movement_tables__gte=1) & Q(movement_rounds__gte=1) & Q(boards_per_round__gte=1)),
                name="session_movement_all_or_nothing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.date:%Y-%m-%d} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("session", args=[self.pk])

    @property
    def is_mitchell(self) -> bool:
        return self.movement == Movement.MITCHELL

    @property
    def ranks_one_field(self) -> bool:
        """True when every pair is ranked in one list: a Howell, or a Mitchell with an arrow
        switch (its EW pairs sit NS on some boards, so the two fields meet: one winner)."""
        return not self.is_mitchell or bool(self.arrow_switch_rounds)

    @property
    def is_imps(self) -> bool:
        """True for IMP pairs (cross-IMPs or Butler), False for matchpoints."""
        return self.scoring != ScoringMethod.MATCHPOINTS

    @property
    def has_movement(self) -> bool:
        """Whether the rounds are known; without them results are checked by pair numbers only."""
        return self.movement_tables is not None

    @property
    def is_finished(self) -> bool:
        return self.state == SessionState.FINISHED


class Pair(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveIntegerField()
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True, default="")
    player1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True)

    class Meta:
        ordering = ["session", "direction", "number"]
        constraints = [
            # A Mitchell numbers each field from 1, so NS 1 and EW 1 are different pairs.
            models.UniqueConstraint(
                fields=["session", "direction", "number"], name="pair_number_unique_in_session"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="pair_number_positive"),
            models.CheckConstraint(
                condition=Q(number__lte=MAX_STORED_PAIR_NUMBER), name="pair_number_at_most_99999"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} {self.names}"

    def get_absolute_url(self) -> str:
        return reverse("pair", args=[self.session_id, self.pk])

    @property
    def label(self) -> str:
        """The pair's number as the director calls it: ``3`` (Howell) or ``3 NS`` (Mitchell)."""
        return f"{self.number} {self.direction}" if self.direction else str(self.number)

    @property
    def names(self) -> str:
        if self.player2 is None:
            return self.player1.name
        return f"{self.player1.name} - {self.player2.name}"


class Board(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    # The deal, when known, as four PBN hands ('AK5.KQ2.AJ86.T92').
    north = models.CharField(max_length=20, blank=True, default="")
    east = models.CharField(max_length=20, blank=True, default="")
    south = models.CharField(max_length=20, blank=True, default="")
    west = models.CharField(max_length=20, blank=True, default="")
    # Double-dummy analysis, computed when the board is dealt: {"N": {"C": 8, ...}, ...}.
    dd_tricks = models.JSONField(null=True, blank=True)
    par_score = models.IntegerField(null=True, blank=True, help_text="Par score, from North-South.")
    par_contracts = models.CharField(max_length=200, blank=True, default="")
    needs_scoring = models.BooleanField(
        default=False,
        editable=False,
        help_text="A result changed since the board was last scored (services.standings.scores_settle).",
    )

    class Meta:
        ordering = ["session", "number"]
        indexes = [
            models.Index(fields=["session"], condition=Q(needs_scoring=True), name="board_needs_scoring"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_number_unique_in_session"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(
                condition=(Q(north="") & Q(east="") & Q(south="") & Q(west=""))
                | (~Q(north="") & ~Q(east="") & ~Q(south="") & ~Q(west="")),
                name="board_deal_all_or_nothing",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("board", args=[self.session_id, self.number])

    @property
    def dealer(self) -> str:
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return board_vulnerability(self.number)

    @property
    def is_dealt(self) -> bool:
        return bool(self.north)


class Result(models.Model):
    """One table's result on a board.

    Four kinds: a played contract (contract, declarer, tricks), a passed-out board
    (contract ``PASS``), a bare North-South score with no contract (legacy imports,
    where the file holds only one direction's scores and no opponents), or an artificial
    adjusted score (``ns_adjustment`` and ``ew_adjustment`` set, no score and no contract).
    """

    PASSED_OUT = "PASS"

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="ns_results")
    ew_pair = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="ew_results", null=True, blank=True
    )
    contract = models.CharField(max_length=6, blank=True, default="", help_text="4SX, 3NT, PASS, or blank.")
    declarer = models.CharField(max_length=1, blank=True, default="")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True, default="")
    auction = models.CharField(max_length=400, blank=True, default="")
    ns_score = models.IntegerField(null=True, blank=True, help_text="None for an artificial adjusted score.")
    ns_adjustment = models.CharField(max_length=2, choices=Adjustment.choices, blank=True, default="")
    ew_adjustment = models.CharField(max_length=2, choices=Adjustment.choices, blank=True, default="")
    assigned = models.JSONField(
        null=True,
        blank=True,
        validators=[validate_assigned_parts],
        help_text="An assigned (weighted) score's parts, Law 12C1c; None for any other result.",
    )
    ns_matchpoints = models.FloatField(null=True, blank=True)
    ew_matchpoints = models.FloatField(null=True, blank=True)
    ns_percentage = models.FloatField(null=True, blank=True)
    ew_percentage = models.FloatField(null=True, blank=True)
    ns_imps = models.FloatField(null=True, blank=True, help_text="IMPs in an IMP-pairs session.")
    ew_imps = models.FloatField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "ns_pair__number"]
        constraints = [
            models.UniqueConstraint(fields=["board", "ns_pair"], name="result_one_per_board_ns_pair"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="result_one_per_board_ew_pair"),
            models.CheckConstraint(
                condition=~Q(ns_pair=models.F("ew_pair")), name="result_pair_not_against_itself"
            ),
            models.CheckConstraint(condition=Q(tricks__gte=0, tricks__lte=13), name="result_tricks_0_to_13"),
            models.CheckConstraint(
                condition=(Q(contract__in=["", "PASS"]) & Q(tricks__isnull=True) & Q(declarer=""))
                | (
                    ~Q(contract__in=["", "PASS"])
                    & Q(tricks__isnull=False)
                    & Q(declarer__in=["N", "E", "S", "W"])
                ),
                name="result_contract_declarer_tricks_together",
            ),
            models.CheckConstraint(
                condition=~Q(contract="PASS") | Q(ns_score=0), name="result_passed_out_scores_0"
            ),
            # A result is scored (a score, no adjustment), artificial (both sides adjusted,
            # no score, no contract) or assigned (weighted parts, no score, no contract).
            models.CheckConstraint(
                condition=(
                    Q(ns_adjustment="")
                    & Q(ew_adjustment="")
                    & Q(ns_score__isnull=False)
                    & Q(assigned__isnull=True)
                )
                | (
                    Q(ns_adjustment__in=["A+", "A", "A-"])
                    & Q(ew_adjustment__in=["A+", "A", "A-"])
                    & Q(ns_score__isnull=True)
                    & Q(contract="")
                    & Q(assigned__isnull=True)
                )
                | (
                    Q(ns_adjustment="")
                    & Q(ew_adjustment="")
                    & Q(ns_score__isnull=True)
                    & Q(contract="")
                    & Q(assigned__isnull=False)
                ),
                name="result_scored_adjusted_or_assigned",
            ),
        ]
        indexes = [
            # Whether a session holds an Average-plus, asked on every result entered
            # (services.standings): this index holds only such results, so it is nearly empty.
            models.Index(
                fields=["board"],
                condition=Q(ns_adjustment="A+") | Q(ew_adjustment="A+"),
                name="result_average_plus",
            ),
        ]

    def __str__(self) -> str:
        opponents = self.ew_pair.label if self.ew_pair else "-"
        return f"{self.board}: {self.ns_pair.label} v {opponents} {self.display}"

    @property
    def is_passed_out(self) -> bool:
        return self.contract == self.PASSED_OUT

    @property
    def is_adjusted(self) -> bool:
        """True for an artificial adjusted score (Average-plus and the like), not a played result."""
        return bool(self.ns_adjustment)

    @property
    def is_assigned(self) -> bool:
        """True for an assigned (weighted) score given by the director (Law 12C1c)."""
        return self.assigned is not None

    @property
    def assigned_score(self) -> Assigned:
        """The assigned score as the rules package scores it (weights and NS scores)."""
        return Assigned.of(*((part["weight"], part["ns_score"]) for part in self.assigned or ()))

    @property
    def display(self) -> str:
        """The result as a traveller prints it: ``4SX N +1``, ``3NT W =``, ``Pass``, or the score.

        An assigned score prints each weighted part: ``30% 4S N =, 70% 4S N -1``.
        """
        if self.is_adjusted:
            return f"Adjusted {self.ns_adjustment} / {self.ew_adjustment}"
        if self.is_assigned:
            return ", ".join(_assigned_part_text(part) for part in self.assigned or ())
        if self.is_passed_out:
            return "Pass"
        if not self.contract:
            return str(self.ns_score)
        return f"{self.contract} {self.declarer} {self.result_text}"

    @property
    def result_text(self) -> str:
        """``=``, ``+1``, ``-2`` against the contract."""
        if not self.contract or self.is_passed_out or self.tricks is None:
            return ""
        difference = self.tricks - Contract.parse(self.contract).tricks_needed
        return "=" if difference == 0 else f"{difference:+d}"


def _assigned_part_text(part: dict[str, Any]) -> str:
    percent = float(Fraction(part["weight"]) * 100)
    weight = f"{percent:.4g}%"
    if part["contract"] == Result.PASSED_OUT:
        return f"{weight} Pass"
    difference = part["tricks"] - Contract.parse(part["contract"]).tricks_needed
    outcome = "=" if difference == 0 else f"{difference:+d}"
    return f"{weight} {part['contract']} {part['declarer']} {outcome}"


class Standing(models.Model):
    """A pair's place in its session, rewritten whenever a result of the session changes."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="standings")
    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    tied = models.BooleanField(default=False)
    matchpoints = models.FloatField()
    percentage = models.FloatField()
    boards_played = models.PositiveIntegerField()
    total_score = models.IntegerField(default=0)
    imps = models.FloatField(null=True, blank=True, help_text="Total IMPs in an IMP-pairs session.")

    class Meta:
        ordering = ["session", "pair__direction", "rank", "pair__number"]

    def __str__(self) -> str:
        return f"{self.rank_text} {self.pair}: {self.percentage:.2f}%"

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def imps_per_board(self) -> float | None:
        """IMPs a board in an IMP-pairs session (None in a matchpoint session or before any board)."""
        if self.imps is None or not self.boards_played:
            return None
        return self.imps / self.boards_played


class AuditAction(models.TextChoices):
    CREATE = "create", "Entered"
    UPDATE = "update", "Corrected"
    DELETE = "delete", "Deleted"
    REDEAL = "redeal", "Re-dealt"


class ResultChange(models.Model):
    """Who changed a result, when, and what it was before and after."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="result_changes")
    board_number = models.PositiveIntegerField()
    result = models.ForeignKey(
        Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    action = models.CharField(max_length=10, choices=AuditAction.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The table that entered the result from its own page."
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        when = f"{self.at:%Y-%m-%d %H:%M}"
        return f"{self.get_action_display()} board {self.board_number} by {self.user} at {when}"

    @property
    def source(self) -> str:
        """Who made the change, as the audit log says it: a director, or 'entered at table 4'."""
        if self.table is not None:
            return f"entered at table {self.table}"
        return str(self.user) if self.user else "-"


class SessionDeletion(models.Model):
    """A whole session deleted (today: replaced by importing its file again), kept at the club.

    A session's own audit log (``ResultChange``) goes with the session, so the record of
    its deletion is the club's: who deleted which session, when, why, and how much it held.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="session_deletions")
    session_pk = models.PositiveIntegerField(help_text="The deleted session's id.")
    session_name = models.CharField(max_length=120)
    session_date = models.DateField()
    source_sha256 = models.CharField(max_length=64, blank=True, default="")
    result_count = models.PositiveIntegerField(default=0)
    audit_entry_count = models.PositiveIntegerField(
        default=0, help_text="How many entries of the session's audit log went with it."
    )
    reason = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        deleted = f"{self.session_date:%Y-%m-%d} {self.session_name}"
        return f"{self.club}: session {self.session_pk} ({deleted}) deleted"


class PendingImport(models.Model):
    """A previewed score file waiting for its director to confirm the import.

    Kept here rather than in the user's session row, which every request of that user
    reads and writes: the text is up to a score file's limit (5 MB). Rows are few and
    short-lived: a user keeps the last few previews, each for an hour, and confirming
    removes its row (see ``tournaments.views.imports``).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    sha256 = models.CharField(max_length=64)
    text = models.TextField(help_text="The file's text as uploaded (UTF-8, at most the upload limit).")
    date = models.DateField()
    name = models.CharField(max_length=120)
    replace = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} {self.club} {self.date:%Y-%m-%d} {self.name} ({self.sha256[:12]})"


class TableAccess(models.Model):
    """A table's secret link for entering its own results in one session.

    The token is the whole credential (the phones at the tables have no accounts): it is
    random, unique, names one table of one session, and is refused once the session has
    finished. It is stored as given, since the director prints it again on the table cards.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_accesses")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=43, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "table"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="table_access_one_per_table"),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_access_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.session} table {self.table}"

    def get_absolute_url(self) -> str:
        return reverse("table_entry", args=[self.token])


class TableSubmission(models.Model):
    """One result sent from a table, by the idempotency key its page gave it.

    A phone that loses its network sends the same entry again with the same key; the
    second send finds this row and answers as the first did, so a result is never
    stored twice. ``result`` is cleared if the director later deletes the result.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_submissions")
    table = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=64)
    board_number = models.PositiveIntegerField()
    result = models.ForeignKey(Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "at"]
        constraints = [
            models.UniqueConstraint(fields=["session", "key"], name="table_submission_key_once"),
        ]

    def __str__(self) -> str:
        return f"{self.session} table {self.table} board {self.board_number} ({self.key[:8]})"


class DirectorCall(models.Model):
    """A table's "call the director" press, shown on the director's grid until answered."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="director_calls")
    table = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "at"]
        indexes = [models.Index(fields=["session", "answered_at"], name="director_call_open")]

    def __str__(self) -> str:
        return f"{self.session} table {self.table} called at {self.at:%H:%M}"
