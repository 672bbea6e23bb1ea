"""The entries' forms: an event taking entries, a pair's or a team's entry, where the event starts.

The field names are the keys of the entries services' ``ValidationError`` (``player_2``,
``team_name``, ``session``), so ``form_add_service_error`` puts a refusal beside its field.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrOrPromise

from tournaments.bookings.models import EntryEvent, EntryEventKind
from tournaments.bookings.services.entries import Named
from tournaments.core.forms import AsciiIntegerField, QuotedChoiceField
from tournaments.core.models import Club, Player
from tournaments.night.models import Session, SessionState
from tournaments.teams.models import TEAM_MAX_PLAYERS, TeamsEvent

MAX_FEE = Decimal("10000")
MAX_LIMIT = 500
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


def _fee(label: StrOrPromise) -> forms.DecimalField:
    return forms.DecimalField(
        min_value=Decimal("0"),
        max_value=MAX_FEE,
        max_digits=9,
        decimal_places=2,
        initial=Decimal("0"),
        label=label,
    )


class EntryEventForm(forms.Form):
    """A new event taking entries."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None, label=gettext_lazy("Club"))
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    kind = QuotedChoiceField(
        choices=EntryEventKind.choices, initial=EntryEventKind.CHAMPIONSHIP, label=gettext_lazy("Kind")
    )
    starts_on = forms.DateField(
        widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Starts on")
    )
    opens_at = forms.DateTimeField(widget=DATETIME, label=gettext_lazy("Entries open"))
    closes_at = forms.DateTimeField(widget=DATETIME, label=gettext_lazy("Entries close"))
    cancel_until = forms.DateTimeField(
        widget=DATETIME,
        required=False,
        label=gettext_lazy("Refund cut-off"),
        help_text=gettext_lazy("An entry cancelled before this is refunded; empty: when entries close."),
    )
    limit = AsciiIntegerField(min_value=1, max_value=MAX_LIMIT, label=gettext_lazy("Limit of entries"))
    member_fee = _fee(gettext_lazy("Member's fee"))
    visitor_fee = _fee(gettext_lazy("Visitor's fee"))
    junior_fee = _fee(gettext_lazy("Junior's fee"))
    early_bird_until = forms.DateTimeField(
        widget=DATETIME, required=False, label=gettext_lazy("Early bird until")
    )
    early_bird_reduction = _fee(gettext_lazy("Early-bird reduction a player"))
    members_only = forms.BooleanField(required=False, label=gettext_lazy("Members only"))

    def __init__(self, *args, clubs: Iterable[Club] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        club_field = self.fields["club"]
        assert isinstance(club_field, forms.ModelChoiceField)
        club_field.queryset = Club.objects.filter(pk__in=[club.pk for club in clubs])

    def clean(self) -> dict:
        data = super().clean() or {}
        opens, closes = data.get("opens_at"), data.get("closes_at")
        if opens and closes and closes <= opens:
            self.add_error("closes_at", _("Entries must close after they open."))
        return data


class EntryForm(forms.Form):
    """A pair or a team: the players' names (a member's entry names himself first, fixed)."""

    team_name = forms.CharField(max_length=120, required=False, label=gettext_lazy("Team name"))

    def __init__(self, *args, event: EntryEvent, entrant: Player | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        self.entrant = entrant
        if not event.is_teams:
            del self.fields["team_name"]
        size = TEAM_MAX_PLAYERS if event.is_teams else 2
        for index in range(1, size + 1):
            required = index <= (4 if event.is_teams else 2)
            if index == 1 and entrant is not None:
                self.fields["junior_1"] = forms.BooleanField(
                    required=False, label=_("%(name)s is a junior") % {"name": entrant.name}
                )
                continue
            self.fields[f"player_{index}"] = forms.CharField(
                max_length=120,
                required=required,
                label=_("Player %(number)d") % {"number": index} if index > 1 or entrant else _("Player 1"),
            )
            self.fields[f"junior_{index}"] = forms.BooleanField(required=False, label=gettext_lazy("Junior"))

    def players(self) -> list[Named]:
        data = self.cleaned_data
        named = []
        for index in range(1, (TEAM_MAX_PLAYERS if self.event.is_teams else 2) + 1):
            junior = bool(data.get(f"junior_{index}"))
            if index == 1 and self.entrant is not None:
                named.append(Named(player=self.entrant, junior=junior))
            elif (data.get(f"player_{index}") or "").strip():
                named.append(Named(name=data[f"player_{index}"], junior=junior))
        return named


class LimitForm(forms.Form):
    """The event's limit of entries, changed after it opened (raised: the waiting list moves up)."""

    limit = AsciiIntegerField(min_value=1, max_value=MAX_LIMIT, label=gettext_lazy("Limit of entries"))


class StartForm(forms.Form):
    """Where the event's entries play: a session of the club (pairs) or a teams event (teams)."""

    session = forms.ModelChoiceField(queryset=Session.objects.none(), label=gettext_lazy("Session"))
    teams_event = forms.ModelChoiceField(
        queryset=TeamsEvent.objects.none(), label=gettext_lazy("Teams event")
    )

    def __init__(self, *args, event: EntryEvent, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if event.is_teams:
            del self.fields["session"]
            field = self.fields["teams_event"]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = TeamsEvent.objects.filter(club=event.club, state=SessionState.PREPARATION)
        else:
            del self.fields["teams_event"]
            field = self.fields["session"]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Session.objects.filter(club=event.club, state=SessionState.PREPARATION).order_by(
                "-date", "name"
            )
