"""The director's teams forms: an event, a team and its players, a round's draw typed by hand.

As in ``forms``, the field names are the keys of the teams services' ``ValidationError``,
so ``form_add_service_error`` puts a service's message beside its field.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core.forms import AsciiIntegerField, QuotedChoiceField
from tournaments.core.models import Club
from tournaments.teams.models import TEAM_MAX_PLAYERS, TeamsForm, TeamsScoring, TieBreak

MAX_BOARDS_PER_MATCH = 36
MAX_ROUNDS = 30


class TeamsEventForm(forms.Form):
    """A new teams event: a Swiss of some rounds, a round robin, or one match."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None, label=gettext_lazy("Club"))
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Date"))
    name = forms.CharField(max_length=120, label=gettext_lazy("Name"), initial=gettext_lazy("Swiss teams"))
    form = QuotedChoiceField(choices=TeamsForm.choices, initial=TeamsForm.SWISS, label=gettext_lazy("Form"))
    rounds = AsciiIntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=3,
        label=gettext_lazy("Rounds"),
        help_text=gettext_lazy("A Swiss's rounds (a round robin plays them all)."),
    )
    boards_per_match = AsciiIntegerField(
        min_value=1, max_value=MAX_BOARDS_PER_MATCH, initial=8, label=gettext_lazy("Boards per match")
    )
    scoring = QuotedChoiceField(
        choices=TeamsScoring.choices, initial=TeamsScoring.WBF_VP, label=gettext_lazy("Scoring")
    )
    tie_break = QuotedChoiceField(
        choices=TieBreak.choices, initial=TieBreak.HEAD_TO_HEAD, label=gettext_lazy("Tie break")
    )

    def __init__(self, *args, clubs: Iterable[Club] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        club_field = self.fields["club"]  # this form's copy of ``club``, typed as any form field
        assert isinstance(club_field, forms.ModelChoiceField)
        club_field.queryset = Club.objects.filter(pk__in=[club.pk for club in clubs])


class TeamForm(forms.Form):
    """A team: its name and its 4 to 6 players, one name a line, the first four the two pairs."""

    name = forms.CharField(max_length=120, label=gettext_lazy("Name"))
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=TEAM_MAX_PLAYERS * 130,
        label=gettext_lazy("Players"),
        help_text=gettext_lazy("One player a line: the first two play as a pair, then the next two."),
    )

    def clean_players(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["players"].splitlines() if line.strip()]


def bye_words() -> set[str]:
    """The words a draw's line may give for a bye: "bye", and the language's (the draw shows it)."""
    return {"bye", " ".join(_("bye").lower().split())}


def parse_draw(text: str) -> list[tuple[int, int | None]]:
    """Read a draw typed one match a line, ``3 7`` (home, away) or ``5 bye``; name the first bad line."""
    draw: list[tuple[int, int | None]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.replace("-", " ").replace("v", " ").split()
        if not words:
            continue
        if " ".join(words[1:]).lower() in bye_words():  # "5 bye", or the language's word ("5 wolny los")
            words = [words[0], "bye"]
        if len(words) != 2 or not words[0].isascii() or not words[0].isdigit():
            raise ValidationError(
                _("Line %(line)d: write the home and away team numbers, as '3 7' or '5 bye'.")
                % {"line": number}
            )
        if words[1].lower() == "bye":
            draw.append((int(words[0]), None))
        elif words[1].isascii() and words[1].isdigit():
            draw.append((int(words[0]), int(words[1])))
        else:
            raise ValidationError(
                _("Line %(line)d: %(word)r is not a team number or 'bye'.")
                % {"line": number, "word": words[1]}
            )
    if not draw:
        raise ValidationError(_("Type the draw, one match a line."))
    return draw


class DrawForm(forms.Form):
    """A round's draw as the director wants it, one match a line: home team number, away team number."""

    draw = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}), max_length=2000, label=gettext_lazy("Draw")
    )

    def clean_draw(self) -> list[tuple[int, int | None]]:
        return parse_draw(self.cleaned_data["draw"])


def parse_lineups(text: str) -> list[tuple[int, list[list[str]]]]:
    """Read lineups typed a team a line, ``3: Ann Ahern, Ben Ahern / Cal Ahern, Dot Ahern``."""
    lineups = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        team, colon, rest = line.partition(":")
        pairs = [[name.strip() for name in pair.split(",")] for pair in rest.split("/")]
        if not colon or not team.strip().isascii() or not team.strip().isdigit():
            raise ValidationError(
                _("Line %(line)d: start with the team number and a colon, as '3: A, B / C, D'.")
                % {"line": number}
            )
        if len(pairs) != 2 or any(len(pair) != 2 or not all(pair) for pair in pairs):
            raise ValidationError(
                _("Line %(line)d: two pairs of two names, as '3: A, B / C, D'.") % {"line": number}
            )
        lineups.append((int(team), pairs))
    return lineups


class LineupForm(forms.Form):
    """A round's pairs, a team a line: the pair NS at the team's home table, then the other."""

    lineups = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8}), max_length=20_000, label=gettext_lazy("Lineups")
    )

    def clean_lineups(self) -> list[tuple[int, list[list[str]]]]:
        return parse_lineups(self.cleaned_data["lineups"])


class PenaltiesForm(forms.Form):
    """A match's penalties in force (0: none) and why: IMPs come off before the VP scale, VPs after."""

    home_imp_penalty = forms.FloatField(
        min_value=0, max_value=100, initial=0, label=gettext_lazy("Home team: IMPs off")
    )
    away_imp_penalty = forms.FloatField(
        min_value=0, max_value=100, initial=0, label=gettext_lazy("Away team: IMPs off")
    )
    home_vp_penalty = forms.FloatField(
        min_value=0, max_value=20, initial=0, label=gettext_lazy("Home team: VPs off")
    )
    away_vp_penalty = forms.FloatField(
        min_value=0, max_value=20, initial=0, label=gettext_lazy("Away team: VPs off")
    )
    reason = forms.CharField(
        max_length=200,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("The Law or regulation and what happened."),
    )
