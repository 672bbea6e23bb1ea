"""The exchange's upload forms: a legacy score file, a USEBIO results file, a PBN file.

Each refuses a file over its format's limit beside the file field, before the file is
read; the views parse what passes and answer the file's own errors.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from tournaments.bridge.formats.legacy import MAX_SCORE_FILE_BYTES, file_too_large_message
from tournaments.core.models import Club
from tournaments.core.selectors.access import clubs_directed
from tournaments.exchange.services.pbn import MAX_PBN_BYTES
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES


class ImportForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(max_length=120, initial="Imported session")
    file = forms.FileField(help_text="A legacy score file: pair lines, SCORES, then one line per board.")
    replace = forms.BooleanField(
        required=False, help_text="If this file was imported before, replace that session."
    )

    def __init__(self, *args, user: object, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_directed(user)

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_SCORE_FILE_BYTES:
            raise ValidationError(file_too_large_message(upload.size))
        return upload


class UsebioUploadForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None)
    name = forms.CharField(
        max_length=120,
        required=False,
        help_text="The session's name; leave it empty for the file's event name.",
    )
    file = forms.FileField(
        label="USEBIO file",
        help_text=f"A results file (.xml) from Compscore, Scorer or another scorer, at most "
        f"{MAX_USEBIO_BYTES // 1_000_000} MB: a pairs event scored by matchpoints, cross-IMPs or Butler.",
    )

    def __init__(self, *args: object, user: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_directed(user)

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_USEBIO_BYTES:
            raise ValidationError(
                f"The file is {upload.size:,} bytes, over the {MAX_USEBIO_BYTES:,} a USEBIO file may be."
            )
        return upload


class PbnUploadForm(forms.Form):
    file = forms.FileField(
        label="PBN file",
        help_text=f"A dealing machine's or BridgeComposer's .pbn file, at most {MAX_PBN_BYTES // 1000:,} kB. "
        "Boards in the file are dealt; boards that already have results are never re-dealt.",
    )
    results = forms.BooleanField(
        required=False,
        label="Enter the results the file carries as the boards' travellers",
        help_text="For another scorer's file (one game per table, or a ScoreTable per board): "
        "its pairs are seated under the file's numbers and every result is scored by ClubScore.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_PBN_BYTES:
            raise ValidationError(
                f"The file is {upload.size:,} bytes, over the {MAX_PBN_BYTES:,} a PBN file may be."
            )
        return upload
