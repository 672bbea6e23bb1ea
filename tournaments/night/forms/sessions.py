"""The director's forms: they parse what was typed; the services decide whether it may be stored.

Each form's field names are the keys the services use in their ``ValidationError``, so
``form_add_service_error`` puts a service's message beside the field it is about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from django import forms
from django.core.exceptions import ValidationError

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.text import QUOTE_LIMIT
from tournaments.core.models import Club
from tournaments.night.models import (
    MAX_PAIR_NUMBER,
    Adjustment,
    Direction,
    EvenTables,
    Movement,
    Pair,
    Result,
    ScoringMethod,
    Session,
)
from tournaments.night.services.boards import MAX_BOARDS_PER_DEAL
from tournaments.night.services.movement import parse_rounds

SEAT_CHOICES = [("", "-"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
MAX_PERMUTATION_FILE_BYTES = 1_000_000


def form_add_service_error(form: forms.Form, error: ValidationError) -> None:
    """Show a service's ``ValidationError`` on the form, beside its field when the form has it."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, messages in error.message_dict.items():
        target = field if field in form.fields else None
        for message in messages:
            form.add_error(target, message)


_ASCII_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


class AsciiIntegerField(forms.IntegerField):
    """A whole number in ASCII digits only.

    Django's ``IntegerField`` reads any Unicode digits (``'٣'`` is 3) through ``int()``;
    a director's numbers are typed on ordinary keyboards, so anything else is a mistake
    or a probe, refused with a message. Nine digits at most: no count or pair number is
    longer, and ``int()`` refuses thousands of digits with its own error.
    """

    default_error_messages = {"invalid": "Enter a whole number in the digits 0-9."}

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not _ASCII_WHOLE_NUMBER.fullmatch(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


class QuotedChoiceField(forms.ChoiceField):
    """A choice whose "not a valid choice" message quotes the value cut short.

    Django's message repeats the posted value whole, and a post may carry megabytes.
    """

    def validate(self, value: str) -> None:
        if value and not self.valid_value(value):
            shown = value if len(value) <= QUOTE_LIMIT else f"{value[:QUOTE_LIMIT]}..."
            raise ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice", params={"value": shown}
            )
        super().validate(value)


class MovementForm(forms.Form):
    """A movement as a director describes it: '7-table Mitchell, 3 boards a round'."""

    # A teams round's movement is made with its round (services.teams_tables), never typed.
    movement = QuotedChoiceField(
        choices=[choice for choice in Movement.choices if choice[0] != Movement.TEAMS],
        initial=Movement.MITCHELL,
    )
    tables = AsciiIntegerField(min_value=1, max_value=30)
    boards_per_round = AsciiIntegerField(min_value=1, max_value=8, initial=3, label="Boards a round")
    rounds = AsciiIntegerField(
        min_value=1, required=False, help_text="Leave blank for the full movement; fewer makes a partial one."
    )
    even_tables = QuotedChoiceField(
        choices=EvenTables.choices,
        initial=EvenTables.RELAY,
        required=False,
        label="Even tables (Mitchell)",
    )
    arrow_switch_rounds = forms.CharField(
        max_length=100, required=False, help_text="Rounds on which EW sit NS, such as '3, 6'."
    )

    def clean_arrow_switch_rounds(self) -> tuple[int, ...]:
        try:
            return parse_rounds(self.cleaned_data["arrow_switch_rounds"])
        except ValidationError as error:
            raise ValidationError(error.messages) from None

    def clean_even_tables(self) -> str:
        return self.cleaned_data["even_tables"] or EvenTables.RELAY


class SessionForm(MovementForm):
    """A new session; its movement too when the tables are given (blank: results by pair numbers)."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(max_length=120, initial="Evening pairs")
    scoring = QuotedChoiceField(
        choices=ScoringMethod.choices,
        initial=ScoringMethod.MATCHPOINTS,
        required=False,
        help_text="Matchpoints unless chosen otherwise.",
    )
    field_order = ["club", "date", "name", "movement", "scoring", "tables", "boards_per_round", "rounds"]

    def __init__(self, *args, clubs: Iterable[Club] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        club_ids = [club.pk for club in clubs]
        self.fields["club"].queryset = Club.objects.filter(pk__in=club_ids)
        self.fields["tables"].required = False
        self.fields["tables"].help_text = "Leave blank to enter results by pair numbers, without a movement."
        self.fields["boards_per_round"].required = False

    def clean_scoring(self) -> str:
        return self.cleaned_data["scoring"] or ScoringMethod.MATCHPOINTS


class PairForm(forms.Form):
    player1 = forms.CharField(max_length=120, label="Player")
    player2 = forms.CharField(max_length=120, label="Partner", required=False)
    direction = QuotedChoiceField(choices=[(Direction.NS, "NS"), (Direction.EW, "EW")], required=False)
    number = AsciiIntegerField(
        min_value=1,
        max_value=MAX_PAIR_NUMBER,
        required=False,
        label="Pair number",
        help_text="The starting table's number in a Mitchell, as on the table cards "
        "(NS 3 starts at table 3). Leave blank for the next free number.",
    )

    def __init__(self, *args, session: Session, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not session.is_mitchell:
            del self.fields["direction"]


class DealForm(forms.Form):
    """Either a count of boards to deal at random, or permutations pasted or uploaded."""

    count = AsciiIntegerField(
        min_value=1,
        max_value=MAX_BOARDS_PER_DEAL,
        required=False,
        label="Random boards",
        error_messages={
            "max_value": f"Deal at most {MAX_BOARDS_PER_DEAL} boards in one request "
            f"(a session plays at most {MAX_BOARDS_PER_DEAL})."
        },
    )
    permutations = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        required=False,
        help_text="One line of 52 numbers per board, board 1 first.",
    )
    file = forms.FileField(required=False, label="Or a permutation file")
    redeal_played = forms.BooleanField(
        required=False,
        label="Re-deal boards that have results",
        help_text="Replaces the hands and par those results were played on; written to the audit log.",
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > MAX_PERMUTATION_FILE_BYTES:
                raise ValidationError({"file": "The file is too large for a permutation file."})
            try:
                cleaned["permutations"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise ValidationError({"file": "The file is not text: expected lines of numbers."}) from None
        given = [bool(cleaned.get("count")), bool((cleaned.get("permutations") or "").strip())]
        if given.count(True) != 1:
            raise ValidationError("Give either a number of boards to deal at random, or permutations.")
        return cleaned


class BoardCountForm(forms.Form):
    count = AsciiIntegerField(min_value=1, max_value=200, label="Number of boards")


class PairChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, pair: Pair) -> str:
        return f"{pair.label}: {pair.names}"


class ResultForm(forms.Form):
    """One table's result. The pair lists offer the right direction; the service checks all rules."""

    ns_pair = PairChoiceField(
        queryset=Pair.objects.none(),
        label="NS pair",
        error_messages={"invalid_choice": "Unknown pair: choose one of this session's pairs."},
    )
    ew_pair = PairChoiceField(
        queryset=Pair.objects.none(),
        label="EW pair",
        error_messages={"invalid_choice": "Unknown pair: choose one of this session's pairs."},
    )
    contract = forms.CharField(max_length=12, help_text="4SX, 3NT or Pass")
    declarer = QuotedChoiceField(
        choices=SEAT_CHOICES,
        required=False,
        error_messages={"invalid_choice": "The declarer is N, E, S or W, not %(value)s."},
    )
    result = forms.CharField(max_length=3, required=False, help_text="Tricks (10) or =, +1, -2")
    lead = forms.CharField(max_length=3, required=False, help_text="Opening lead, such as SK or H10")
    out_of_order = forms.BooleanField(
        required=False,
        label="Played out of order",
        help_text="Accept pairs the movement does not give this board; the audit log records it.",
    )

    def __init__(self, *args, session: Session, pairs: list[Pair], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.offer_pairs(self, session, pairs)

    def clean_lead(self) -> str:
        try:
            return parse_lead(self.cleaned_data["lead"])
        except CardError as error:
            raise ValidationError(str(error)) from None

    @staticmethod
    def offer_pairs(form: forms.Form, session: Session, pairs: list[Pair]) -> None:
        """Fill the form's NS and EW pair lists (shared with ``AdjustmentForm``)."""
        # Any pair of the session is accepted here so that the service can say what is
        # wrong with a pair of the wrong direction; the lists only offer the right ones.
        for field, direction in (("ns_pair", Direction.NS), ("ew_pair", Direction.EW)):
            form.fields[field].queryset = Pair.objects.filter(session=session)
            offered = [pair for pair in pairs if not session.is_mitchell or pair.direction == direction]
            form.fields[field].widget.choices = [("", "---------")] + [
                (pair.pk, form.fields[field].label_from_instance(pair)) for pair in offered
            ]

    @staticmethod
    def initial_for(result: Result) -> dict:
        """The form's values for correcting ``result``.

        The result is written as the board page shows it (``=``, ``+1``, ``-2``), not as
        tricks taken: a director comparing the two sees one notation (issue 28, point 8).
        """
        return {
            "ns_pair": result.ns_pair_id,
            "ew_pair": result.ew_pair_id,
            "contract": "Pass" if result.is_passed_out else result.contract,
            "declarer": result.declarer,
            "result": result.result_text,
            "lead": result.lead,
        }


ADJUSTMENT_CHOICES = [(choice.value, choice.label) for choice in Adjustment if choice.value]


class TableScoreForm(forms.Form):
    """A score the director gives one table: the movement's tables for the board, else any two pairs.

    ``tables`` (``selectors.director.board_tables``) are the tables the movement says played
    the board; when there are any, the form offers them instead of two pair lists (issue
    24, point 14), the first table without a result chosen, and ``cleaned_data`` still
    holds ``ns_pair`` and ``ew_pair``.
    """

    ns_pair = ResultForm.base_fields["ns_pair"]
    ew_pair = ResultForm.base_fields["ew_pair"]

    def __init__(self, *args, session: Session, pairs: list[Pair], tables: Sequence = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        ResultForm.offer_pairs(self, session, pairs)
        self.tables = {table.value: table for table in tables}
        if self.tables:
            del self.fields["ns_pair"], self.fields["ew_pair"]
            waiting = next((table.value for table in tables if table.result is None), None)
            self.fields["table"] = QuotedChoiceField(
                choices=[(table.value, table.label) for table in tables], initial=waiting, label="Table"
            )
            self.order_fields(["table"])

    def clean(self) -> dict:
        data = super().clean()
        table = self.tables.get(data.get("table", ""))
        if table is not None:
            data["ns_pair"], data["ew_pair"] = table.ns, table.ew
        return data


class AdjustmentForm(TableScoreForm):
    """An artificial adjusted score for a table: the same for both sides, or split."""

    prefix = "adjust"

    ns_adjustment = QuotedChoiceField(choices=ADJUSTMENT_CHOICES, label="NS gets", initial=Adjustment.AVERAGE)
    ew_adjustment = QuotedChoiceField(choices=ADJUSTMENT_CHOICES, label="EW gets", initial=Adjustment.AVERAGE)


class TableResultForm(forms.Form):
    """One board's result at a (round, table): the movement gives the pairs, so only the play is typed."""

    board = AsciiIntegerField(min_value=1, widget=forms.HiddenInput)
    contract = forms.CharField(max_length=12, help_text="4SX, 3NT or Pass")
    declarer = forms.ChoiceField(
        choices=SEAT_CHOICES,
        required=False,
        error_messages={"invalid_choice": "The declarer is N, E, S or W, not %(value)s."},
    )
    result = forms.CharField(max_length=3, required=False, help_text="Tricks (10) or =, +1, -2")
    lead = forms.CharField(max_length=3, required=False, help_text="Opening lead, such as SK or H10")


ASSIGNED_FORM_PARTS = 3


class AssignedScoreForm(TableScoreForm):
    """An assigned (weighted) score for a table (Law 12C1c): two or three weighted contracts.

    Each part is a weight (30%, 0.3 or 1/3) and a contract, declarer and result, read and
    scored by the service like a played result; the weights must add up to 100%. The
    third part is optional. Giving a table that already has a result replaces it.
    """

    prefix = "assign"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for number in range(1, ASSIGNED_FORM_PARTS + 1):
            required = number <= 2
            self.fields[f"weight{number}"] = forms.CharField(
                max_length=12, required=required, label=f"Weight {number}", help_text="30%, 0.3 or 1/3"
            )
            self.fields[f"contract{number}"] = forms.CharField(
                max_length=12, required=required, label=f"Contract {number}", help_text="4S, 3NTX or Pass"
            )
            self.fields[f"declarer{number}"] = forms.ChoiceField(
                choices=SEAT_CHOICES,
                required=False,
                label=f"Declarer {number}",
                error_messages={"invalid_choice": "The declarer is N, E, S or W, not %(value)s."},
            )
            self.fields[f"result{number}"] = forms.CharField(
                max_length=3, required=False, label=f"Result {number}", help_text="Tricks (10) or =, +1, -2"
            )

    def clean(self) -> dict:
        data = super().clean()
        last = ASSIGNED_FORM_PARTS
        if bool(data.get(f"weight{last}")) != bool(data.get(f"contract{last}")):
            self.add_error(
                f"weight{last}", "Give both a weight and a contract for a third score, or neither."
            )
        return data

    def parts(self) -> list[tuple[str, str, str, str]]:
        """The filled-in parts as (weight, contract, declarer, result)."""
        data = self.cleaned_data
        return [
            (data[f"weight{n}"], data[f"contract{n}"], data[f"declarer{n}"], data[f"result{n}"])
            for n in range(1, ASSIGNED_FORM_PARTS + 1)
            if data.get(f"weight{n}") or data.get(f"contract{n}")
        ]
