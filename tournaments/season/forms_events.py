"""The event's forms: create an event, add a session, make the next session."""

from __future__ import annotations

import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.night.models import Session
from tournaments.season.forms import session_label
from tournaments.season.models import EventMethod


class EventForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"))
    method = forms.ChoiceField(
        choices=EventMethod.choices,
        label=_("Scores carried as"),
        help_text=_(
            "Total matchpoints: a session of more tables or boards counts for more. "
            "Mean percentage: each session counts the same."
        ),
    )


class SessionLabelField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Session) -> str:
        return session_label(obj)


class EventSessionForm(forms.Form):
    """An existing session of the club to add (the choice lists only those that can join)."""

    session = SessionLabelField(queryset=Session.objects.none(), label=_("Session"))

    def __init__(self, *args, sessions, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["session"]
        assert isinstance(field, SessionLabelField)
        field.queryset = sessions


class NextSessionForm(forms.Form):
    """The next session, made from the last one: same movement, same pairs."""

    date = forms.DateField(label=_("Date"), initial=datetime.date.today)
    name = forms.CharField(max_length=120, label=_("Name"))
