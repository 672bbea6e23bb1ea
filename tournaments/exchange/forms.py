"""The exchange's upload forms: legacy score files, USEBIO results, PBN, Bridgemate files and deal files.

Each refuses a file over its format's limit beside the file field, before the file is
read; the views parse what passes and answer the file's own errors.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils.datastructures import MultiValueDict
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.bridge.formats.bws import BwsSection
from tournaments.bridge.formats.legacy import MAX_SCORE_FILE_BYTES
from tournaments.bridge.formats.pbn import PbnEvent
from tournaments.core.files import file_too_large_message
from tournaments.core.models import Club
from tournaments.core.selectors.access import clubs_directed
from tournaments.exchange.services.bws import MAX_BWS_BYTES
from tournaments.exchange.services.deal_files import MAX_DEAL_FILE_BYTES
from tournaments.exchange.services.pbn import MAX_PBN_BYTES
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES


def _percent(text: object, values: dict[str, object]) -> str:
    return str(text) % values


def lazy_percent(text: object, **values: object) -> str:
    """``text % values`` worked out when shown, so a lazy ``text`` is in the page's language
    (``gettext_lazy(...) % values`` would translate it once, at import, into English)."""
    return lazy(_percent, str)(text, values)


UNNAMED_EVENT = "(no event name)"  # the choice for a file's games that name no event (a value: untranslated)


def _uploaded_size(upload: UploadedFile) -> int:
    """The upload's size in bytes, refusing a file whose size is unknown rather than passing it unchecked.

    Every upload handler sets it; only an ``UploadedFile`` made by hand may lack it.
    """
    if upload.size is None:
        raise ValidationError(gettext("The file's size is unknown: upload it again."))
    return upload.size


class _ClubsDirectedForm(forms.Form):
    """An upload into one of the user's clubs: its ``club`` field offers only the clubs they direct."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None, label=_("Club"))

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        files: MultiValueDict[str, UploadedFile] | None = None,
        *,
        user: User,
        initial: MutableMapping[str, Any] | None = None,
    ) -> None:
        super().__init__(data, files, initial=initial)
        club = self.fields["club"]
        if not isinstance(club, forms.ModelChoiceField):  # a subclass must not offer any club
            raise TypeError(f"{type(self).__name__}.club must be a ModelChoiceField")
        club.queryset = clubs_directed(user)


class ImportForm(_ClubsDirectedForm):
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), label=_("Date"))
    name = forms.CharField(max_length=120, initial=_("Imported session"), label=_("Name"))
    file = forms.FileField(
        label=_("File"), help_text=_("A legacy score file: pair lines, SCORES, then one line per board.")
    )
    replace = forms.BooleanField(
        required=False,
        label=_("Replace"),
        help_text=_("If this file was imported before, replace that session."),
    )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        size = _uploaded_size(upload)
        if size > MAX_SCORE_FILE_BYTES:
            raise ValidationError(file_too_large_message(size, MAX_SCORE_FILE_BYTES))
        return upload


class UsebioUploadForm(_ClubsDirectedForm):
    name = forms.CharField(
        max_length=120,
        required=False,
        label=_("Name"),
        help_text=_("The session's name; leave it empty for the file's event name."),
    )
    file = forms.FileField(
        label=_("USEBIO file"),
        help_text=lazy_percent(
            _(
                "A results file (.xml) from Compscore, Scorer or another scorer, at most %(mb)s MB:"
                " a pairs event scored by matchpoints, cross-IMPs or Butler, or a teams event."
            ),
            mb=MAX_USEBIO_BYTES // 1_000_000,
        ),
    )
    scale_imps = forms.BooleanField(
        required=False,
        label=_("Scale short pairs' IMPs"),
        help_text=_(
            "Cross-IMPs: a pair who played fewer boards than the field stands at its IMPs x the field's"
            " boards / its boards, as the EBU prints it; unticked, at its raw sum."
        ),
    )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        size = _uploaded_size(upload)
        if size > MAX_USEBIO_BYTES:
            raise ValidationError(
                gettext("The file is %(size)s bytes, over the %(limit)s a USEBIO file may be.")
                % {"size": f"{size:,}", "limit": f"{MAX_USEBIO_BYTES:,}"}
            )
        return upload


class PbnUploadForm(forms.Form):
    file = forms.FileField(
        label=_("PBN file"),
        help_text=lazy_percent(
            _(
                "A dealing machine's or BridgeComposer's .pbn file, at most %(kb)s kB. "
                "Boards in the file are dealt; boards that already have results are never re-dealt."
            ),
            kb=f"{MAX_PBN_BYTES // 1000:,}",
        ),
    )
    results = forms.BooleanField(
        required=False,
        label=_("Enter the results the file carries as the boards' travellers"),
        help_text=_(
            "For another scorer's file (one game per table, or a ScoreTable per board): "
            "its pairs are seated under the file's numbers and every result is scored by ClubScore."
        ),
    )

    # Shown only once a file of several events is uploaded (``offer_events``): the page then
    # lists them, and the director uploads the file again with the one to take.
    event = forms.CharField(required=False, max_length=200, label=_("Event"), widget=forms.HiddenInput)

    def offer_events(self, events: list[PbnEvent]) -> None:
        """Show the file's events (name, boards) as the choices of the ``event`` field."""
        field = self.fields["event"]
        field.widget = forms.RadioSelect(
            choices=[(event.name or UNNAMED_EVENT, event.label) for event in events]
        )
        field.help_text = _(
            "The file holds several events, each with its own boards: choose one and upload it again."
        )

    def chosen_event(self, events: list[PbnEvent]) -> str | None:
        """The event chosen among ``events`` ('' for one without a name), or None when none is."""
        chosen = self.cleaned_data.get("event", "")
        names = {event.name for event in events}
        if chosen == UNNAMED_EVENT and chosen not in names:
            return ""
        return chosen or None

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        size = _uploaded_size(upload)
        if size > MAX_PBN_BYTES:
            raise ValidationError(
                gettext("The file is %(size)s bytes, over the %(limit)s a PBN file may be.")
                % {"size": f"{size:,}", "limit": f"{MAX_PBN_BYTES:,}"}
            )
        return upload


class BwsUploadForm(_ClubsDirectedForm):
    """A Bridgemate file (``.bws``) for the club's session it feeds; the section when it has several."""

    name = forms.CharField(
        max_length=120,
        required=False,
        label=_("Session name"),
        help_text=_("For the first import only; leave it empty for the file's session name."),
    )
    file = forms.FileField(
        label=_("Bridgemate file"),
        help_text=lazy_percent(
            _(
                "The .bws file Bridgemate Control Software keeps, at most %(mb)s MB. Upload it again "
                "during the night: only what the tables sent since is added."
            ),
            mb=MAX_BWS_BYTES // 1_000_000,
        ),
    )
    # Shown only once a file of several sections is uploaded (``offer_sections``), as the
    # PBN upload offers a file's events: the director uploads the file again with one chosen.
    section = forms.CharField(required=False, max_length=8, label=_("Section"), widget=forms.HiddenInput)

    def offer_sections(self, sections: list[BwsSection]) -> None:
        """Show the file's sections (letter, tables, results) as the choices of the ``section`` field."""
        field = self.fields["section"]
        field.widget = forms.RadioSelect(
            choices=[(section.letter or str(section.id), section.label) for section in sections]
        )
        field.help_text = _(
            "The file holds several sections; ClubScore imports one into a session: "
            "choose it and upload the file again."
        )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        size = _uploaded_size(upload)
        if size > MAX_BWS_BYTES:
            raise ValidationError(
                _("The file is %(size)s bytes, over the %(limit)s a Bridgemate file may be.")
                % {"size": f"{size:,}", "limit": f"{MAX_BWS_BYTES:,}"}
            )
        return upload


class DealFileUploadForm(forms.Form):
    """A dealing machine's file to deal the session's boards from; the next page previews it."""

    file = forms.FileField(
        label=_("Deal file"),
        help_text=format_lazy(
            _(
                "A file from a dealing machine or a dealing program: DUP or DLM (Duplimate, Dealer4), "
                "BRI, DGE, BER (Bernasconi), PBN or LIN (BBO), at most {limit} kB."
            ),
            limit=f"{MAX_DEAL_FILE_BYTES // 1000:,}",
        ),
    )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        size = _uploaded_size(upload)
        if size > MAX_DEAL_FILE_BYTES:
            raise ValidationError(
                gettext("The file is %(size)s bytes, over the %(limit)s a deal file may be.")
                % {"size": f"{size:,}", "limit": f"{MAX_DEAL_FILE_BYTES:,}"}
            )
        return upload


class DealFileConfirmForm(forms.Form):
    """The confirmation of a previewed deal file: its signed deals, and the re-deal of played boards."""

    token = forms.CharField(widget=forms.HiddenInput, max_length=200_000)
    redeal_played = forms.BooleanField(
        required=False,
        label=_("Re-deal the boards that have results"),
        help_text=_("Replaces the hands and par those results were played on; written to the audit log."),
    )
