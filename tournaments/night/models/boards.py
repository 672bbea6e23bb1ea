"""Boards and the tables' results on them, with the checks on an assigned score.

Scores are stored from North-South's point of view (SPEC decision 7). Matchpoints, IMPs
and percentages are derived: the services rescore a board with every change to its
results (``services.scoring.settle.scores_settle``; a table's entry once the tables' sends
pause, ``services.settle_soon``), so they agree with the results. ``needs_scoring`` marks
a board whose results changed since.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.bridge import Contract, Deal, board_dealer, board_vulnerability, board_vulnerability_text
from tournaments.bridge.adjusted import AdjustmentError, Assigned
from tournaments.bridge.words import words_for
from tournaments.night.models.sessions import Pair, Session

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
        raise ValidationError(
            _("An assigned score has 2 to %(assigned_max_parts)s weighted scores.")
            % {"assigned_max_parts": ASSIGNED_MAX_PARTS}
        )
    for number, part in enumerate(value, start=1):
        if not isinstance(part, dict) or set(part) != _ASSIGNED_KEYS:
            raise ValidationError(
                _("Assigned score part %(number)s must have %(sorted)s.")
                % {"number": number, "sorted": sorted(_ASSIGNED_KEYS)}
            )
        if not isinstance(part["ns_score"], int) or isinstance(part["ns_score"], bool):
            raise ValidationError(
                _("Assigned score part %(number)s: the score must be a whole number.") % {"number": number}
            )
    try:
        Assigned.of(*((part["weight"], part["ns_score"]) for part in value))
    except (AdjustmentError, TypeError) as error:
        raise ValidationError(_("Assigned score: %(error)s") % {"error": error}) from None


class Adjustment(models.TextChoices):
    """An artificial adjusted score for one side of a table (Law 12C2); blank for a played result."""

    NONE = "", "-"
    AVERAGE_PLUS = "A+", gettext_lazy("Average-plus")
    AVERAGE = "A", gettext_lazy("Average")
    AVERAGE_MINUS = "A-", gettext_lazy("Average-minus")


class Board(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    # The deal, when known, as four PBN hands ('AK5.KQ2.AJ86.T92').
    north = models.CharField(max_length=20, blank=True, default="")
    east = models.CharField(max_length=20, blank=True, default="")
    south = models.CharField(max_length=20, blank=True, default="")
    west = models.CharField(max_length=20, blank=True, default="")
    # Double-dummy analysis, computed when the board is dealt or just after (null until
    # then, services.deal_analysis): {"N": {"C": 8, ...}, ...}.
    dd_tricks = models.JSONField(null=True, blank=True)
    par_score = models.IntegerField(
        null=True, blank=True, help_text=gettext_lazy("Par score, from North-South.")
    )
    par_contracts = models.CharField(max_length=200, blank=True, default="")
    # Butler's datum as another scorer's file gave it (USEBIO ``BOARD_AVERAGE``): the board's
    # IMPs are scored against it, so an import keeps the file's figures. Any later change of
    # the board's results drops it (``services.scoring.settle``): ClubScore's own datum applies.
    butler_datum = models.IntegerField(null=True, blank=True, editable=False)
    needs_scoring = models.BooleanField(
        default=False,
        editable=False,
        help_text=gettext_lazy("A result changed since the board was last scored (services.scoring.settle)."),
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
    def vulnerability_text(self) -> str:
        """Who is vulnerable as every page prints it: None, NS, EW or All."""
        return board_vulnerability_text(self.number)

    @property
    def is_dealt(self) -> bool:
        return bool(self.north)

    @property
    def deal(self) -> Deal:
        """The four hands as the rules package reads them (a dealt board only)."""
        return Deal.from_pbn(f"N:{self.north} {self.east} {self.south} {self.west}")

    @property
    def analysis_pending(self) -> bool:
        """Dealt, its double-dummy analysis still being worked out (``services.deal_analysis``)."""
        return self.is_dealt and self.dd_tricks is None


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
    contract = models.CharField(
        max_length=6, blank=True, default="", help_text=gettext_lazy("4SX, 3NT, PASS, or blank.")
    )
    declarer = models.CharField(max_length=1, blank=True, default="")
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    lead = models.CharField(max_length=3, blank=True, default="")
    auction = models.CharField(max_length=400, blank=True, default="")
    ns_score = models.IntegerField(
        null=True, blank=True, help_text=gettext_lazy("None for an artificial adjusted score.")
    )
    ns_adjustment = models.CharField(max_length=2, choices=Adjustment.choices, blank=True, default="")
    ew_adjustment = models.CharField(max_length=2, choices=Adjustment.choices, blank=True, default="")
    assigned = models.JSONField(
        null=True,
        blank=True,
        validators=[validate_assigned_parts],
        help_text=gettext_lazy("An assigned (weighted) score's parts, Law 12C1c; None for any other result."),
    )
    # A result's percentages as another scorer's file stated them, where its director set the
    # line's matchpoints by hand (Compscore: an A5050 given 23 and 11 of 40, a -650 given 21
    # and 19 where it earns 19 and 21): the scoring gives the result these figures in place
    # of its own. Only an import sets them; any change of the result drops them.
    stated_ns_percentage = models.FloatField(null=True, blank=True, editable=False)
    stated_ew_percentage = models.FloatField(null=True, blank=True, editable=False)
    ns_matchpoints = models.FloatField(null=True, blank=True)
    ew_matchpoints = models.FloatField(null=True, blank=True)
    ns_percentage = models.FloatField(null=True, blank=True)
    ew_percentage = models.FloatField(null=True, blank=True)
    ns_imps = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("IMPs in an IMP-pairs session.")
    )
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
            # A stated figure is a percentage, from 0 to 100 (None: the result's own).
            models.CheckConstraint(
                condition=Q(stated_ns_percentage__gte=0, stated_ns_percentage__lte=100)
                & Q(stated_ew_percentage__gte=0, stated_ew_percentage__lte=100),
                name="result_stated_percentages_0_to_100",
            ),
        ]
        indexes = [
            # Whether a session holds an Average-plus, asked on every result entered
            # (live.sql.scoring.pairs_and_stored_standings): this index holds only such results,
            # so it is nearly empty.
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
        """The result as a message or a form quotes it, in the letters a director types:
        ``4SX N +1``, ``3NT W =``, ``Pass``, or the score (a traveller shows ``traveller_display``).

        An assigned score prints each weighted part: ``30% 4S N =, 70% 4S N -1``.
        """
        return self._text(symbols=False)

    @property
    def traveller_display(self) -> str:
        """The result as a traveller shows it to a reader: ``display`` with each suit by its symbol
        (``4♣ N +1``), so no language reads another's suit letter (``C`` is hearts in French)."""
        return self._text(symbols=True)

    def _text(self, *, symbols: bool) -> str:
        words = words_for(get_language())
        if self.is_adjusted:
            return _("Adjusted %(ns)s / %(ew)s") % {"ns": self.ns_adjustment, "ew": self.ew_adjustment}
        if self.is_assigned:
            return ", ".join(_assigned_part_text(part, symbols=symbols) for part in self.assigned or ())
        if self.is_passed_out:
            return words.pass_word
        if not self.contract:
            return str(self.ns_score)
        contract = words.shown_contract(self.contract) if symbols else words.contract(self.contract)
        return f"{contract} {words.seat(self.declarer)} {self.result_text}"

    @property
    def result_text(self) -> str:
        """``=``, ``+1``, ``-2`` against the contract."""
        if not self.contract or self.is_passed_out or self.tricks is None:
            return ""
        difference = self.tricks - Contract.parse(self.contract).tricks_needed
        return "=" if difference == 0 else f"{difference:+d}"


def assigned_parts_text(parts: list[dict[str, Any]]) -> str:
    """An assigned score's weighted parts in the page's language, suits by their symbols."""
    return ", ".join(_assigned_part_text(part, symbols=True) for part in parts)


def _assigned_part_text(part: dict[str, Any], *, symbols: bool = False) -> str:
    percent = float(Fraction(part["weight"]) * 100)
    weight = f"{percent:.4g}%"
    words = words_for(get_language())
    if part["contract"] == Result.PASSED_OUT:
        return f"{weight} {words.pass_word}"
    difference = part["tricks"] - Contract.parse(part["contract"]).tricks_needed
    outcome = "=" if difference == 0 else f"{difference:+d}"
    contract = words.shown_contract(part["contract"]) if symbols else words.contract(part["contract"])
    return f"{weight} {contract} {words.seat(part['declarer'])} {outcome}"
