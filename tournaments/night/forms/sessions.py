"""The director's forms: they parse what was typed; the services decide whether it may be stored.

Each form's field names are the keys the services use in their ``ValidationError``, so
``core.forms.form_add_service_error`` puts a service's message beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core.forms import AsciiIntegerField, QuotedChoiceField
from tournaments.core.models import Club
from tournaments.night.models import (
    MAX_PAIR_NUMBER,
    Direction,
    EvenTables,
    Movement,
    ScoringMethod,
    SectionScoring,
    Session,
)
from tournaments.night.services.boards import MAX_BOARDS_PER_DEAL
from tournaments.night.services.movement import parse_rounds

MAX_PERMUTATION_FILE_BYTES = 1_000_000


class MovementForm(forms.Form):
    """A movement as a director describes it: '7-table Mitchell, 3 boards a round'."""

    # A teams round's movement is made with its round (services.teams_tables), never typed.
    movement = QuotedChoiceField(
        label=gettext_lazy("Movement"),
        choices=[choice for choice in Movement.choices if choice[0] != Movement.TEAMS],
        initial=Movement.MITCHELL,
    )
    tables = AsciiIntegerField(label=gettext_lazy("Tables"), min_value=1, max_value=30)
    boards_per_round = AsciiIntegerField(
        min_value=1, max_value=8, initial=3, label=gettext_lazy("Boards a round")
    )
    rounds = AsciiIntegerField(
        label=gettext_lazy("Rounds"),
        min_value=1,
        required=False,
        help_text=gettext_lazy("Leave blank for the full movement; fewer makes a partial one."),
    )
    even_tables = QuotedChoiceField(
        choices=EvenTables.choices,
        initial=EvenTables.RELAY,
        required=False,
        label=gettext_lazy("Even tables (Mitchell)"),
    )
    arrow_switch_rounds = forms.CharField(
        label=gettext_lazy("Arrow switch rounds"),
        max_length=100,
        required=False,
        help_text=gettext_lazy("Rounds on which EW sit NS, such as '3, 6'."),
    )

    def clean_arrow_switch_rounds(self) -> tuple[int, ...]:
        try:
            return parse_rounds(self.cleaned_data["arrow_switch_rounds"])
        except ValidationError as error:
            raise ValidationError(error.messages) from None

    def clean_even_tables(self) -> str:
        return self.cleaned_data["even_tables"] or EvenTables.RELAY


class SectionsForm(forms.Form):
    """Sections as a director describes them: 'A: Mitchell 7, B: Howell 4', the same boards a round."""

    sections = forms.CharField(
        max_length=200,
        label=gettext_lazy("Sections"),
        help_text=gettext_lazy(
            "One a section, from A on: its movement and tables, such as "
            "'Mitchell 7, Howell 4' (section A a 7-table Mitchell, B a 4-table Howell)."
        ),
    )
    boards_per_round = AsciiIntegerField(
        min_value=1, max_value=8, initial=2, label=gettext_lazy("Boards a round")
    )
    section_scoring = QuotedChoiceField(
        choices=SectionScoring.choices, initial=SectionScoring.FIELD, label=gettext_lazy("Matchpointed")
    )

    def clean_sections(self) -> list[tuple[str, int]]:
        """Each section's (movement, tables), in letter order; refused by the part that is wrong."""
        kinds = {"mitchell": str(Movement.MITCHELL), "howell": str(Movement.HOWELL)}
        parsed: list[tuple[str, int]] = []
        for number, part in enumerate(self.cleaned_data["sections"].split(","), start=1):
            words = part.split()
            if (
                len(words) != 2
                or words[0].lower() not in kinds
                or not words[1].isascii()
                or not words[1].isdigit()
            ):
                raise ValidationError(
                    _("Section %(number)d, %(part)r: write a movement and its tables, such as 'Mitchell 7'.")
                    % {"number": number, "part": part.strip()}
                )
            parsed.append((kinds[words[0].lower()], int(words[1])))
        return parsed


class SessionForm(MovementForm):
    """A new session; its movement too when the tables are given (blank: results by pair numbers)."""

    club = forms.ModelChoiceField(label=gettext_lazy("Club"), queryset=Club.objects.none(), empty_label=None)
    date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, initial="Evening pairs")
    scoring = QuotedChoiceField(
        label=gettext_lazy("Scoring"),
        choices=ScoringMethod.choices,
        initial=ScoringMethod.MATCHPOINTS,
        required=False,
        help_text=gettext_lazy("Matchpoints unless chosen otherwise."),
    )
    field_order = ["club", "date", "name", "movement", "scoring", "tables", "boards_per_round", "rounds"]

    def __init__(self, *args, clubs: Iterable[Club] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        club_ids = [club.pk for club in clubs]
        club = self.fields["club"]
        assert isinstance(club, forms.ModelChoiceField)  # as declared above (``fields`` says Field)
        club.queryset = Club.objects.filter(pk__in=club_ids)
        self.fields["tables"].required = False
        self.fields["tables"].help_text = "Leave blank to enter results by pair numbers, without a movement."
        self.fields["boards_per_round"].required = False

    def clean_scoring(self) -> str:
        return self.cleaned_data["scoring"] or ScoringMethod.MATCHPOINTS


class RoundDrawForm(forms.Form):
    """The Swiss round the director means to draw: a second click asks for one already drawn."""

    round = AsciiIntegerField(min_value=1, max_value=99)


class PairForm(forms.Form):
    player1 = forms.CharField(max_length=120, label=gettext_lazy("Player"))
    player2 = forms.CharField(max_length=120, label=gettext_lazy("Partner"), required=False)
    direction = QuotedChoiceField(
        label=gettext_lazy("Direction"),
        choices=[(Direction.NS, gettext_lazy("NS")), (Direction.EW, gettext_lazy("EW"))],
        required=False,
    )
    number = AsciiIntegerField(
        min_value=1,
        max_value=MAX_PAIR_NUMBER,
        required=False,
        label=gettext_lazy("Pair number"),
        help_text=gettext_lazy(
            "The starting table's number in a Mitchell, as on the table cards "
            "(NS 3 starts at table 3). Leave blank for the next free number."
        ),
    )

    def __init__(self, *args, session: Session, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if session.has_sections:  # the section first; the number is the pair's in its section
            letters = [(letter, letter) for letter in session.sections.values_list("letter", flat=True)]
            self.fields["section"] = QuotedChoiceField(choices=letters, label=_("Section"))
            self.order_fields(["section", "player1", "player2", "direction", "number"])
        if not session.is_mitchell and not session.has_sections:
            del self.fields["direction"]


class DealForm(forms.Form):
    """Either a count of boards to deal at random, or permutations pasted or uploaded."""

    count = AsciiIntegerField(
        min_value=1,
        max_value=MAX_BOARDS_PER_DEAL,
        required=False,
        label=gettext_lazy("Random boards"),
        error_messages={
            "max_value": gettext_lazy(
                "Deal at most %(max_boards_per_deal)s boards in one request (a session plays at most "
                "%(max_boards_per_deal)s)."
            )
            % {"max_boards_per_deal": MAX_BOARDS_PER_DEAL}
        },
    )
    permutations = forms.CharField(
        label=gettext_lazy("Permutations"),
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        required=False,
        help_text=gettext_lazy("One line of 52 numbers per board, board 1 first."),
    )
    file = forms.FileField(required=False, label=gettext_lazy("Or a permutation file"))
    redeal_played = forms.BooleanField(
        required=False,
        label=gettext_lazy("Re-deal boards that have results"),
        help_text=gettext_lazy(
            "Replaces the hands and par those results were played on; written to the audit log."
        ),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()  # Form.clean gives back cleaned_data (its stub allows a subclass's None)
        cleaned = self.cleaned_data
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > MAX_PERMUTATION_FILE_BYTES:
                raise ValidationError({"file": _("The file is too large for a permutation file.")})
            try:
                cleaned["permutations"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise ValidationError(
                    {"file": _("The file is not text: expected lines of numbers.")}
                ) from None
        given = [bool(cleaned.get("count")), bool((cleaned.get("permutations") or "").strip())]
        if given.count(True) != 1:
            raise ValidationError(_("Give either a number of boards to deal at random, or permutations."))
        return cleaned


class BoardCountForm(forms.Form):
    count = AsciiIntegerField(min_value=1, max_value=200, label=gettext_lazy("Number of boards"))
