"""The bookings' forms: a line of the programme, a closed date, the club's rules, a booking, a walk-in."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.bookings.models import SessionKind
from tournaments.core.models import Club
from tournaments.money.models import FeeSchedule

MAX_LIMIT = 200


class PlannedSessionForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    kind = forms.ChoiceField(choices=SessionKind.choices, label=gettext_lazy("Type"))
    first_date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    starts_at = forms.TimeField(label=gettext_lazy("Start"), widget=forms.TimeInput(attrs={"type": "time"}))
    weekly = forms.BooleanField(required=False, label=gettext_lazy("Every week"))
    last_date = forms.DateField(
        required=False, label=gettext_lazy("Last week"), widget=forms.DateInput(attrs={"type": "date"})
    )
    table_limit = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_LIMIT, label=gettext_lazy("Limit of tables")
    )
    fee_schedule = forms.ModelChoiceField(
        queryset=FeeSchedule.objects.none(),
        required=False,
        label=gettext_lazy("Fees"),
        empty_label=gettext_lazy("The club's default schedule"),
        help_text=gettext_lazy(
            "Its nights' table money; a late cancellation pays its member's rate where the rules say."
        ),
    )

    def __init__(self, *args: object, club: Club, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["fee_schedule"].queryset = FeeSchedule.objects.filter(club=club)  # type: ignore[attr-defined]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        first, last = data.get("first_date"), data.get("last_date")
        if first and last and last < first:
            raise ValidationError({"last_date": _("The last week comes before the first date.")})
        return data


class ClosedDateForm(forms.Form):
    date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    reason = forms.CharField(max_length=120, required=False, label=gettext_lazy("Reason"))


class BookingRulesForm(forms.Form):
    cut_off_hours = forms.IntegerField(
        min_value=0, max_value=720, label=gettext_lazy("Free cancellation until (hours before)")
    )
    reminder_hours = forms.IntegerField(
        min_value=0, max_value=720, label=gettext_lazy("Reminder (hours before; 0: none)")
    )
    late_cancellation_pays = forms.BooleanField(
        required=False, label=gettext_lazy("A late cancellation pays")
    )


class BookingForm(forms.Form):
    """A member's booking: a member partner, a visitor's name, or neither (a single)."""

    partner = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label=gettext_lazy("Partner")
    )
    visitor = forms.CharField(max_length=120, required=False, label=gettext_lazy("Or a visitor's name"))

    def __init__(self, *args: object, choices: list[tuple[int, str]] = (), **kwargs: object) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["partner"].choices = [("", _("No partner yet: find me one"))] + list(choices)  # type: ignore[attr-defined]


class WalkInForm(forms.Form):
    player1 = forms.CharField(max_length=120, label=gettext_lazy("Player"))
    player2 = forms.CharField(max_length=120, required=False, label=gettext_lazy("Partner"))
