"""The season's forms: a competition's rules and sessions, a club's member list.

Kept apart from ``night/forms/sessions.py`` (the session's forms), one subject a module.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.bridge.season.members import MemberListError, decode_member_list
from tournaments.core.models import Club
from tournaments.night.models import Session
from tournaments.season.models import CompetitionMethod

MAX_SCALE_PLACES = 100
MAX_MEMBER_LIST_BYTES = 1_000_000


class SessionChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Session) -> str:
        return f"{obj.date:%Y-%m-%d} {obj.name} ({obj.get_state_display().lower()})"


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


class MemberListForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "A CSV file as Excel saves it: name, federation number, email on each line, "
            "separated by commas or semicolons (a header is allowed)."
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
