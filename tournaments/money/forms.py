"""The money's forms: fee schedules, a player's fee and extras at the desk, membership types.

Amounts are read as text (a decimal comma is taken) and checked by the services, whose
refusals name the field they belong beside.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import DecimalValidator, MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy

from tournaments.core.models import Player
from tournaments.money.models import Ending, FeeRate, FeeSchedule, MembershipType, PayMethod
from tournaments.money.services.ledger import typed_amount


class AmountField(forms.Field):
    """An amount typed as a person writes it (``12,50``, ``1.234,50``), read by ``ledger.typed_amount``."""

    widget = forms.TextInput

    def __init__(
        self, *, min_value: int | None = None, max_value: int | None = None, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.widget.attrs.update({"inputmode": "decimal", "maxlength": "20"})
        self.validators.append(DecimalValidator(max_digits=12, decimal_places=2))
        if min_value is not None:
            self.validators.append(MinValueValidator(min_value))
        if max_value is not None:
            self.validators.append(MaxValueValidator(max_value))

    def to_python(self, value: object) -> Decimal | None:
        text = str(value).strip() if value is not None else ""
        if text in self.empty_values:
            return None
        if len(text) > 20:
            raise forms.ValidationError(gettext_lazy("An amount is at most 20 characters."))
        try:
            return typed_amount(text)
        except ValidationError as error:
            raise forms.ValidationError(error.message_dict["amount"]) from None


def _player_choices(players: Iterable[Player], blank: str) -> list[tuple[str, str]]:
    return [("", blank), *((str(player.pk), player.name) for player in players)]


class ScheduleForm(forms.Form):
    name = forms.CharField(
        max_length=80, label=gettext_lazy("Kind of session"), initial=gettext_lazy("Club night")
    )
    default = forms.BooleanField(required=False, label=gettext_lazy("The club's usual fees"))
    member = forms.CharField(label=gettext_lazy("Member"), max_length=20)
    visitor = forms.CharField(label=gettext_lazy("Visitor"), max_length=20)
    junior = forms.CharField(label=gettext_lazy("Junior"), required=False, max_length=20)


class RateForm(forms.Form):
    schedule = forms.ModelChoiceField(
        queryset=FeeSchedule.objects.none(), label=gettext_lazy("Kind of session")
    )
    name = forms.CharField(max_length=60, label=gettext_lazy("Rate"))
    amount = forms.CharField(label=gettext_lazy("Amount"), max_length=20)

    def __init__(self, *args: object, club_id: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["schedule"].queryset = FeeSchedule.objects.filter(club_id=club_id)  # type: ignore[attr-defined]


class CurrencyForm(forms.Form):
    currency = forms.RegexField(
        regex=r"^[A-Za-z]{3}$",
        max_length=3,
        label=gettext_lazy("Currency"),
        error_messages={"invalid": gettext_lazy("A currency is three letters (EUR, GBP).")},
    )


class FeeForm(forms.Form):
    """One player's fee for the night: amount, who pays and how."""

    player = forms.IntegerField(widget=forms.HiddenInput)
    amount = forms.CharField(label=gettext_lazy("Fee"), max_length=20)
    rate = forms.ChoiceField(label=gettext_lazy("Rate"), required=False)
    payer = forms.ChoiceField(label=gettext_lazy("Paid by"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("How"), choices=PayMethod.choices)

    def __init__(
        self, *args: object, players: Iterable[Player] = (), rates: Iterable[FeeRate] = (), **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["payer"].choices = _player_choices(players, str(gettext_lazy("Himself")))  # type: ignore[attr-defined]
        self.fields["rate"].choices = [  # type: ignore[attr-defined]
            ("", str(gettext_lazy("The amount typed"))),
            *((str(rate.pk), f"{rate.name} ({rate.amount})") for rate in rates),
        ]


class ExtraForm(forms.Form):
    player = forms.ChoiceField(label=gettext_lazy("Player"))
    what = forms.CharField(max_length=80, label=gettext_lazy("What"))
    amount = forms.CharField(label=gettext_lazy("Amount"), max_length=20)
    method = forms.ChoiceField(label=gettext_lazy("How"), choices=PayMethod.choices)

    def __init__(self, *args: object, players: Iterable[Player] = (), **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["player"].choices = _player_choices(players, "")  # type: ignore[attr-defined]


class SessionScheduleForm(forms.Form):
    schedule = forms.ModelChoiceField(queryset=FeeSchedule.objects.none(), label=gettext_lazy("Fees of"))

    def __init__(self, *args: object, club_id: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["schedule"].queryset = FeeSchedule.objects.filter(club_id=club_id)  # type: ignore[attr-defined]


class MembershipTypeForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Name"))
    annual_fee = AmountField(min_value=0, max_value=100000, label=gettext_lazy("Annual fee"))
    year_start_month = forms.IntegerField(
        min_value=1, max_value=12, initial=1, label=gettext_lazy("Year starts: month")
    )
    year_start_day = forms.IntegerField(
        min_value=1, max_value=28, initial=1, label=gettext_lazy("Year starts: day")
    )
    grace_days = forms.IntegerField(
        min_value=0, max_value=366, initial=31, label=gettext_lazy("Days of grace")
    )
    plays_free = forms.BooleanField(required=False, label=gettext_lazy("Plays free"))
    junior = forms.BooleanField(required=False, label=gettext_lazy("Junior rate"))


class MembershipForm(forms.Form):
    type = forms.ModelChoiceField(
        queryset=MembershipType.objects.none(), required=False, label=gettext_lazy("Membership type")
    )
    paid_until = forms.DateField(
        required=False, label=gettext_lazy("Paid until"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ending = forms.ChoiceField(choices=Ending.choices, required=False, label=gettext_lazy("Left"))
    payer = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Table money paid by"),
        help_text=gettext_lazy("Another member whose account pays his fees (one account for a couple)."),
    )

    def __init__(self, *args: object, club_id: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["type"].queryset = MembershipType.objects.filter(club_id=club_id)  # type: ignore[attr-defined]
        self.fields["payer"].queryset = Player.objects.filter(  # type: ignore[attr-defined]
            memberships__club_id=club_id, erased_at__isnull=True
        ).order_by("name", "pk")


class MembershipFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Memberships (CSV or XLSX)"),
        help_text=gettext_lazy("A line a member: his federation number or name, type, paid until, left."),
    )

    def clean_file(self) -> object:
        file = self.cleaned_data["file"]
        if file.size > 1_000_000:
            raise forms.ValidationError(gettext_lazy("A list of memberships is at most 1 MB."))
        return file
