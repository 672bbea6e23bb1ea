"""What every capability's forms share: ASCII numbers, short quotes, a service's message by its field.

Each form's field names are the keys the services use in their ``ValidationError``, so
``form_add_service_error`` puts a service's message beside the field it is about.
"""

from __future__ import annotations

import re

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.bridge.federations import federation_choices
from tournaments.bridge.text import QUOTE_LIMIT


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


class ClubSettingsForm(forms.Form):
    """A club's settings a director changes: its federation (master points) and its tables' options."""

    federation = forms.ChoiceField(
        label=_("Federation"),
        required=False,
        help_text=_("Its club scale awards the club's master points; none awards nothing."),
    )
    federation_club_number = forms.CharField(
        label=_("The club's number at its federation"),
        max_length=20,
        required=False,
        help_text=_("Written in the club's USEBIO files (CLUB_ID_NUMBER)."),
    )
    p2p_charge_rate = forms.DecimalField(
        label=_("P2P charge rate (EBU)"),
        required=False,
        min_value=0,
        max_digits=6,
        decimal_places=2,
        help_text=_("The pay-to-play charge rate the EBU's USEBIO upload asks."),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=settings.LANGUAGES,
        required=False,
        help_text=_(
            "The language of the club's pages, tables and printed cards when a player's browser "
            "asks for none ClubScore speaks; each player can still choose his own."
        ),
    )
    matchpoint_scale = forms.TypedChoiceField(
        label=_("Matchpoints"),
        choices=[(1, _("1 a pair beaten, ½ a tie")), (2, _("2 a pair beaten, 1 a tie"))],
        coerce=int,
        required=False,
        empty_value=None,
        help_text=_("How the pages print matchpoints and tops; percentages are the same on either."),
    )
    table_entry_lead = forms.BooleanField(label=_("Tables enter the opening lead"), required=False)
    table_standings = forms.BooleanField(
        label=_("Tables see the standings when a round is in"), required=False
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["federation"].choices = federation_choices()  # type: ignore[attr-defined]
