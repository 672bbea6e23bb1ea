"""The director's result forms: a table's result, its correction, adjusted and assigned scores.

They parse what was typed; the services (``night.services.results``) decide whether it
may be stored, and ``core.forms.form_add_service_error`` puts their message by its field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.words import words_for
from tournaments.core.forms import AsciiIntegerField, QuotedChoiceField
from tournaments.night.bridge_errors import translated
from tournaments.night.models import (
    Adjustment,
    Direction,
    Pair,
    Result,
    Session,
)


def _seat_letter(seat: str) -> str:
    """The seat's letter in the page's language, decided when the form is drawn (``O`` for W in French)."""
    return lazy(lambda: words_for(get_language()).seat(seat), str)()


SEAT_CHOICES = [("", "-"), *((seat, _seat_letter(seat)) for seat in "NESW")]


def _english_contract(text: str) -> str:
    """A contract typed in the page's language (``3SA``, ``Passe``) as the services read it."""
    return words_for(get_language()).english_contract(text)


class PairChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, pair: Pair) -> str:
        return f"{pair.label}: {pair.names}"


class PlayForm(forms.Form):
    """The play of a board as every result form types it: contract, declarer, tricks and lead,
    the contract read in the page's language. The result form and the table round's form add
    the pairs or the board to it."""

    contract = forms.CharField(
        label=gettext_lazy("Contract"), max_length=12, help_text=gettext_lazy("4SX, 3NT or Pass")
    )
    declarer = QuotedChoiceField(
        label=gettext_lazy("Declarer"),
        choices=SEAT_CHOICES,
        required=False,
        error_messages={"invalid_choice": gettext_lazy("The declarer is N, E, S or W, not %(value)s.")},
    )
    result = forms.CharField(
        label=gettext_lazy("Result"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("Tricks (10) or =, +1, -2"),
    )
    lead = forms.CharField(
        label=gettext_lazy("Lead"),
        max_length=3,
        required=False,
        help_text=gettext_lazy("Opening lead, such as SK or H10"),
    )

    def clean_contract(self) -> str:
        return _english_contract(self.cleaned_data["contract"])


class ResultForm(PlayForm):
    """One table's result. The pair lists offer the right direction; the service checks all rules."""

    field_order = ("ns_pair", "ew_pair", "contract", "declarer", "result", "lead", "out_of_order")

    ns_pair = PairChoiceField(
        queryset=Pair.objects.none(),
        label=gettext_lazy("NS pair"),
        error_messages={"invalid_choice": gettext_lazy("Unknown pair: choose one of this session's pairs.")},
    )
    ew_pair = PairChoiceField(
        queryset=Pair.objects.none(),
        label=gettext_lazy("EW pair"),
        error_messages={"invalid_choice": gettext_lazy("Unknown pair: choose one of this session's pairs.")},
    )
    out_of_order = forms.BooleanField(
        required=False,
        label=gettext_lazy("Played out of order"),
        help_text=gettext_lazy(
            "Accept pairs the movement does not give this board; the audit log records it."
        ),
    )

    def __init__(self, *args, session: Session, pairs: list[Pair], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.offer_pairs(self, session, pairs)

    def clean_lead(self) -> str:
        try:
            return parse_lead(self.cleaned_data["lead"])
        except CardError as error:
            raise ValidationError(translated(error)) from None

    @staticmethod
    def offer_pairs(form: forms.Form, session: Session, pairs: list[Pair]) -> None:
        """Fill the form's NS and EW pair lists (shared with ``AdjustmentForm``)."""
        # Any pair of the session is accepted here so that the service can say what is
        # wrong with a pair of the wrong direction; the lists only offer the right ones.
        for name, direction in (("ns_pair", Direction.NS), ("ew_pair", Direction.EW)):
            field = form.fields[name]
            assert isinstance(field, PairChoiceField)  # as ResultForm declares both (``fields`` says Field)
            field.queryset = Pair.objects.filter(session=session)
            offered = [pair for pair in pairs if not session.is_mitchell or pair.direction == direction]
            blank: list[tuple[int | str, str]] = [("", "---------")]
            field.widget.choices = blank + [(pair.pk, field.label_from_instance(pair)) for pair in offered]

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
                choices=[(table.value, table.label) for table in tables], initial=waiting, label=_("Table")
            )
            self.order_fields(["table"])

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean gives back cleaned_data (its stub allows a subclass's None)
        data = self.cleaned_data
        table = self.tables.get(data.get("table", ""))
        if table is not None:
            data["ns_pair"], data["ew_pair"] = table.ns, table.ew
        return data


class AdjustmentForm(TableScoreForm):
    """An artificial adjusted score for a table: the same for both sides, or split."""

    prefix = "adjust"

    ns_adjustment = QuotedChoiceField(
        choices=ADJUSTMENT_CHOICES, label=gettext_lazy("NS gets"), initial=Adjustment.AVERAGE
    )
    ew_adjustment = QuotedChoiceField(
        choices=ADJUSTMENT_CHOICES, label=gettext_lazy("EW gets"), initial=Adjustment.AVERAGE
    )


class TableResultForm(PlayForm):
    """One board's result at a (round, table): the movement gives the pairs, so only the play is typed."""

    field_order = ("board", "contract", "declarer", "result", "lead")

    board = AsciiIntegerField(min_value=1, widget=forms.HiddenInput)


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
                max_length=12,
                required=required,
                label=_("Weight %(number)s") % {"number": number},
                help_text=_("30%, 0.3 or 1/3"),
            )
            self.fields[f"contract{number}"] = forms.CharField(
                max_length=12,
                required=required,
                label=_("Contract %(number)s") % {"number": number},
                help_text=_("4S, 3NTX or Pass"),
            )
            self.fields[f"declarer{number}"] = forms.ChoiceField(
                choices=SEAT_CHOICES,
                required=False,
                label=_("Declarer %(number)s") % {"number": number},
                error_messages={"invalid_choice": _("The declarer is N, E, S or W, not %(value)s.")},
            )
            self.fields[f"result{number}"] = forms.CharField(
                max_length=3,
                required=False,
                label=_("Result %(number)s") % {"number": number},
                help_text=_("Tricks (10) or =, +1, -2"),
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
