"""A session (one evening's tournament at a club): its movement, its scoring and its pairs."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy

from tournaments.bridge.words import words_for
from tournaments.core.models.clubs import Club, Player

# Pair numbers a director may give: more than any real session's field.
MAX_PAIR_NUMBER = 999
# The database's bound, higher for legacy files, which may hold any number of pairs
# (SPEC 9; the import speed target is 10,000). An import beyond it is refused by name.
MAX_STORED_PAIR_NUMBER = 99_999


class Movement(models.TextChoices):
    MITCHELL = "mitchell", gettext_lazy("Mitchell (NS and EW fields)")
    HOWELL = "howell", gettext_lazy("Howell (one field)")
    # A teams round: two tables a match on the same boards (bridge.teams_tables), made by
    # services.teams_tables when the round is published, never by the new-session form.
    TEAMS = "teams", gettext_lazy("Teams (two tables a match)")
    # Every table plays the round's own boards (bridge.rounds): a round robin published
    # round by round, or rounds drawn by score, each table a match for victory points.
    BAROMETER = "barometer", gettext_lazy("Barometer (same boards at every table, round by round)")
    SWISS = "swiss", gettext_lazy("Swiss pairs (rounds drawn by score, matches for VPs)")
    # An individual (bridge.individual): players change partner every round; each table and
    # round's two partnerships are stored as pairs (IndividualPlayer says who is who).
    INDIVIDUAL = "individual", gettext_lazy("Individual (a new partner every round)")


class SessionState(models.TextChoices):
    """Where a session is in its night: the public pages publish boards by this (see selectors.public)."""

    PREPARATION = "preparation", gettext_lazy("In preparation")
    PLAY = "play", gettext_lazy("In play")
    FINISHED = "finished", gettext_lazy("Finished")


class EvenTables(models.TextChoices):
    """How a Mitchell with an even number of tables avoids meeting its own boards again."""

    RELAY = "relay", gettext_lazy("Relay and bye stand")
    SKIP = "skip", gettext_lazy("Skip after half the rounds")


class Direction(models.TextChoices):
    NS = "NS", gettext_lazy("North-South")
    EW = "EW", gettext_lazy("East-West")
    NONE = "", gettext_lazy("Either (Howell)")


class ScoringMethod(models.TextChoices):
    MATCHPOINTS = "mp", gettext_lazy("Matchpoints")
    CROSS_IMPS = "cross_imps", gettext_lazy("IMP pairs, cross-IMPs")
    BUTLER = "butler", gettext_lazy("IMP pairs, Butler")


class SectionScoring(models.TextChoices):
    """How a session of several sections compares a board's results (issue 31)."""

    FIELD = "field", gettext_lazy("Across the field (every result of the board, all sections)")
    SECTION = "section", gettext_lazy("Within each section")


class StrataBasis(models.TextChoices):
    NONE = "", "Not stratified"
    HOLDINGS = "holdings", "Master point holdings (the member list)"
    RATING = "rating", "ClubScore's rating"


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
    movement_tables = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("tables")
    )
    movement_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("rounds")
    )
    boards_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    even_tables = models.CharField(
        max_length=5, choices=EvenTables.choices, default=EvenTables.RELAY, blank=True
    )
    arrow_switch_rounds = models.JSONField(
        default=list, blank=True, help_text=gettext_lazy("Rounds on which EW sit NS (a one-winner Mitchell).")
    )
    swiss_draw = models.JSONField(
        default=list,
        blank=True,
        editable=False,
        help_text="A Swiss pairs' rounds drawn so far: each a list of [NS pair, EW pair] by table.",
    )
    state = models.CharField(max_length=12, choices=SessionState.choices, default=SessionState.PREPARATION)
    # Blank for a session of one section (every session before issue 31: no Section row,
    # scored as ever); set for a session of several, which it also marks, so a page
    # reading a session knows without a query whether to look for sections.
    section_scoring = models.CharField(max_length=8, choices=SectionScoring.choices, blank=True, default="")
    scored_full_count = models.PositiveIntegerField(
        null=True,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "Results on the fullest board when the session was last scored (Neuberg's full top)."
        ),
    )
    handicapped = models.BooleanField(
        default=False,
        help_text="A handicap event: each pair's handicap added to its percentage, ranked beside scratch.",
    )
    strata_basis = models.CharField(
        max_length=10, choices=StrataBasis.choices, blank=True, default="", verbose_name="strata by"
    )
    strata_limits = models.JSONField(
        default=list,
        blank=True,
        help_text="Strata B's and C's limits (a pair below one: that stratum), as text.",
    )
    # Cross-IMPs: a pair who played fewer boards than the field stands at its total scaled to the
    # field's boards (the EBU's practice, ``bridge.imps.scaled_imp_total``), else at its raw sum.
    imps_scaled = models.BooleanField(
        default=False,
        verbose_name=gettext_lazy("IMPs scaled to the field's boards"),
        help_text=gettext_lazy(
            "A pair who played fewer boards than the field stands at its IMPs x the field's boards"
            " / its boards (the EBU's practice), not at its raw sum."
        ),
    )
    # The colour of the master points the session awards, when its club's federation has more
    # than one club scale (USEBIO's MASTER_POINT_TYPE: the ABF's RED for a special club
    # session, Grade B4c); blank for the federation's ordinary scale (bridge.federations).
    master_point_type = models.CharField(
        max_length=12, blank=True, default="", verbose_name=gettext_lazy("master points")
    )
    source_sha256 = models.CharField(
        max_length=64,
        blank=True,
        default="",
        editable=False,
        help_text=gettext_lazy("Digest of the legacy score file this session was imported from."),
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
    def movement_text(self) -> str:
        """The movement as the pages name it. A legacy score file holds one field's scores,
        stored as a Howell, but it may well be one direction of a Mitchell: it is named for
        what it is, not "Howell" (issue 24, point 16)."""
        if self.source_sha256:
            return "One field (imported score file)"
        return self.get_movement_display()

    @property
    def is_individual(self) -> bool:
        return self.movement == Movement.INDIVIDUAL

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
    def is_stratified(self) -> bool:
        return bool(self.strata_basis) and bool(self.strata_limits)

    @property
    def plays_by_rounds(self) -> bool:
        """Whether every table plays the round's boards and rounds are published one by one."""
        return self.movement in (Movement.BAROMETER, Movement.SWISS)

    @property
    def is_finished(self) -> bool:
        return self.state == SessionState.FINISHED

    @property
    def has_sections(self) -> bool:
        """Whether the session is one of several sections (``Section`` rows), known without a query."""
        return bool(self.section_scoring)


class Section(models.Model):
    """One section (A, B, C...) of a session of several, with its own movement and tables.

    Every section plays the session's boards; its pairs are the session's pairs that point
    at it (``Pair.section``), numbered from ``100 x`` the section's place (A's 1 NS is
    stored as 101 NS, B's as 201 NS), so a pair's number stays unique in its session and
    every page, link and form that names a pair by number keeps working. A session of one
    section has no Section row at all: it is exactly what it was before sections
    (docs/decisions.md, "Sections").
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=3)
    movement = models.CharField(max_length=10, choices=Movement.choices, default=Movement.MITCHELL)
    movement_tables = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="tables")
    movement_rounds = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="rounds")
    boards_per_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["session", "letter"]
        constraints = [
            models.UniqueConstraint(fields=["session", "letter"], name="section_letter_unique_in_session"),
            models.CheckConstraint(condition=~Q(letter=""), name="section_letter_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.session} section {self.letter}"

    @property
    def is_mitchell(self) -> bool:
        return self.movement == Movement.MITCHELL


# A sectioned session's pair numbers: section k (from 1) numbers its pairs from 100 k.
SECTION_NUMBERING = 100


def section_pair_number(number: int) -> int:
    """A stored pair number as its section numbers it: 203 is B's 3."""
    return number % SECTION_NUMBERING


class Pair(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pairs")
    # None in a session of one section (every session before issue 31).
    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="pairs", null=True, blank=True
    )
    number = models.PositiveIntegerField()
    direction = models.CharField(max_length=2, choices=Direction.choices, blank=True, default="")
    player1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    handicap = models.DecimalField(
        max_digits=6,
        decimal_places=3,
        null=True,
        blank=True,
        help_text="Percentage points added to the pair's percentage in a handicap event (its players' mean).",
    )
    stratum = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="0 for A, 1 for B, 2 for C: its stronger player's (a stratified game).",
    )

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
        """The pair's number as the director calls it: ``3`` (Howell) or ``3 NS`` (Mitchell), its
        side in the page's language (``3 EO`` in French); in a session of sections with its
        section's letter and its number there (``A3 NS``)."""
        number = self._number_text()
        if not self.direction:
            return number
        return f"{number} {words_for(get_language()).side(self.direction)}"

    @property
    def english_label(self) -> str:
        """The label in English (``3 NS``) whatever the reader's language: the JSON API's, as
        files keep their standards' notation, so a program reading it sees one spelling."""
        number = self._number_text()
        return f"{number} {self.direction}" if self.direction else number

    def _number_text(self) -> str:
        """The pair's number, its section's letter before it in a session of sections (``A3``)."""
        if self.section is not None:
            return f"{self.section.letter}{section_pair_number(self.number)}"
        return str(self.number)

    @property
    def names(self) -> str:
        if self.player2 is None:
            return self.player1.name
        return f"{self.player1.name} - {self.player2.name}"

    @property
    def public_names(self) -> str:
        """The names the public pages show (initials for a player who asked for them)."""
        if self.player2 is None:
            return self.player1.public_name
        return f"{self.player1.public_name} - {self.player2.public_name}"


class IndividualPlayer(models.Model):
    """A player of an individual session under his movement number (1..4 x tables).

    The movement seats numbers; this says which club member is each number. The session's
    pairs are its one-round partnerships, made from these (services.individual)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="individual_players")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="individual_number_unique_in_session"),
            models.CheckConstraint(condition=Q(number__gte=1), name="individual_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.player.name}"
