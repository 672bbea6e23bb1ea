"""The season's forms: a competition's rules and sessions, an event's, a club's member list.

Kept apart from ``night/forms/sessions.py`` (the session's forms), one subject a module.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.bridge.season.members import MemberListError, decode_member_list
from tournaments.core.models import Club
from tournaments.night.models import Session
from tournaments.season.models import CompetitionMethod, EventMethod

MAX_SCALE_PLACES = 100
MAX_MEMBER_LIST_BYTES = 1_000_000


def session_label(session: Session) -> str:
    """A session as a choice names it: its date, name and state."""
    return f"{session.date:%Y-%m-%d} {session.name} ({session.get_state_display().lower()})"


class SessionChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Session) -> str:
        return session_label(obj)


class CompetitionForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    method = forms.ChoiceField(choices=CompetitionMethod.choices, label=gettext_lazy("Method"))
    best_of = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        label=gettext_lazy("Best of"),
        help_text=gettext_lazy("Count each player's best N sessions; blank counts all."),
    )
    minimum_sessions = forms.IntegerField(
        min_value=0,
        max_value=999,
        initial=1,
        label=gettext_lazy("Minimum sessions"),
        help_text=gettext_lazy("Sessions a player must play to be ranked."),
    )
    scale = forms.CharField(
        required=False,
        max_length=1000,
        label=gettext_lazy("Scale"),
        help_text=gettext_lazy(
            "Position points only: points for 1st, 2nd, 3rd, ... separated by commas (10, 8, 6, 4)."
        ),
    )
    sessions = SessionChoiceField(
        queryset=Session.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label=gettext_lazy("Sessions"),
    )

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        sessions = self.fields["sessions"]  # this form's copy of ``sessions``, typed as any form field
        assert isinstance(sessions, SessionChoiceField)
        sessions.queryset = Session.objects.filter(club=club).order_by("-date", "-id")

    def clean_scale(self) -> list[float]:
        """Read ``10, 8, 6`` as points; name the place whose points cannot be read."""
        text = self.cleaned_data["scale"].strip()
        if not text:
            return []
        points = []
        for place, part in enumerate(text.replace(";", ",").split(","), start=1):
            try:
                value = float(part.strip())
            except ValueError:
                raise ValidationError(
                    _("Place %(place)d: %(text)r is not a number of points.")
                    % {"place": place, "text": part.strip()}
                ) from None
            if not 0 <= value <= 10_000:
                raise ValidationError(
                    _("Place %(place)d: points run from 0 to 10000, not %(text)s.")
                    % {"place": place, "text": part.strip()}
                )
            points.append(value)
        if len(points) > MAX_SCALE_PLACES:
            raise ValidationError(_("A scale has at most %(places)d places.") % {"places": MAX_SCALE_PLACES})
        return points


class EventForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    method = forms.ChoiceField(
        choices=EventMethod.choices,
        label=gettext_lazy("Scores carried as"),
        help_text=gettext_lazy(
            "Total matchpoints: a session of more tables or boards counts for more. "
            "Mean percentage: each session counts the same."
        ),
    )


class SessionLabelField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Session) -> str:
        return session_label(obj)


class EventSessionForm(forms.Form):
    """A session of the club to add: the choice offers those that can join, and any of the
    club's is taken, so a double-clicked Add or a session that cannot join is refused by the
    service naming why ("already in this event"), not as an unknown choice."""

    session = SessionLabelField(queryset=Session.objects.none(), label=gettext_lazy("Session"))

    def __init__(self, *args, club: Club, offered: Iterable[Session], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["session"]
        assert isinstance(field, SessionLabelField)
        field.queryset = Session.objects.filter(club=club)
        field.widget.choices = [
            ("", "---------"),
            *((session.pk, session_label(session)) for session in offered),
        ]


class NextSessionForm(forms.Form):
    """The next session, made from the last one: same movement, same pairs."""

    date = forms.DateField(label=gettext_lazy("Date"), initial=datetime.date.today)
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))


class MemberListForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "A CSV file as Excel saves it: name, federation number, email and master points held "
            "(for stratified games; may be left out) on each line, separated by commas or "
            "semicolons (a header is allowed)."
        ),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_MEMBER_LIST_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; a member list is at most 1 MB.") % {"size": f"{upload.size:,}"}
            )
        try:
            return decode_member_list(upload.read())
        except MemberListError as error:
            raise forms.ValidationError(
                "; ".join(
                    _("Line %(line)d: %(reason)s.") % {"line": line, "reason": reason}
                    for line, reason in error.errors
                )
            ) from None


class MemberForm(forms.Form):
    """One member's details (issue 45, item 8): the list's four columns, for one line."""

    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    federation_number = forms.RegexField(
        regex=r"^[A-Za-z0-9][A-Za-z0-9 ./-]*$",
        max_length=20,
        required=False,
        label=gettext_lazy("Federation number"),
        error_messages={"invalid": gettext_lazy("A federation number is letters and digits.")},
    )
    email = forms.EmailField(required=False, label=gettext_lazy("Email"))
    holdings = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=9,
        decimal_places=2,
        label=gettext_lazy("Master points"),
        help_text=gettext_lazy("Master points the member holds (for stratified games); may be blank."),
    )
