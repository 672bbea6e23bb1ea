"""The seating forms: a pair's players changed, and many pairs pasted at once (issue 24, point 11)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy


class PairPlayersForm(forms.Form):
    """A pair's players, changed (a misspelt name, a substitute); its number and direction stay."""

    player1 = forms.CharField(max_length=120, label=gettext_lazy("Player"))
    player2 = forms.CharField(max_length=120, label=gettext_lazy("Partner"), required=False)


class SeatingListForm(forms.Form):
    """Many pairs in one submit: one pair a line (``bridge.seating`` reads it)."""

    seating = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "cols": 50, "spellcheck": "false"}),
        label=gettext_lazy("Pairs, one a line"),
        max_length=20_000,
        help_text=gettext_lazy(
            "1 NS: Alice Smith &amp; Bob Jones (a Howell: 1: Alice Smith &amp; Bob Jones). "
            "Every pair is seated, or none."
        ),
    )
