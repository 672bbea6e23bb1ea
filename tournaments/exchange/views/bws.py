"""The director's page that imports a Bridgemate file: upload, preview, confirm; and again during the night.

The same steps as the USEBIO import (``views.usebio``): the upload is read and answered
with what is wrong (the table and the row), or a preview from the very import a confirm
runs, rolled back (``services.bws_preview``): the session it creates or feeds again, what
is new, corrected or removed since the last import, the standings, and the notes. The
file then waits as the user's own pending row (its bytes: an Access database), and the
Confirm form carries its digest and the section chosen.

A file of several sections is refused until the director chooses one, the page listing
them, as the PBN upload lists a file's events: the director uploads it again with one
chosen (a browser cannot keep the file between two posts).

For any director of a club, as the other imports; a user who directs no club gets 403.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.views.access import SignedInRequest, director_required
from tournaments.exchange.forms import BwsUploadForm
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.bws import bws_import, check_bws_file, session_date
from tournaments.exchange.services.bws_follow import import_summary
from tournaments.exchange.services.bws_preview import bws_preview
from tournaments.exchange.services.pending import pending_done, pending_keep
from tournaments.exchange.views.waiting import waiting_import

TEMPLATES = "tournaments/exchange/"


def _refused(request: SignedInRequest, form: BwsUploadForm, **context: object) -> HttpResponse:
    return render(request, TEMPLATES + "bws_upload.html", {"form": form, **context}, status=400)


@director_required
@require_http_methods(["GET", "POST"])
def bws_upload(request: SignedInRequest) -> HttpResponse:
    # Bound on every POST, an empty one too, so a missing file is an error, not a blank form.
    post = request.method == "POST"
    form = BwsUploadForm(request.POST if post else None, request.FILES if post else None, user=request.user)
    if not form.is_bound:
        return render(request, TEMPLATES + "bws_upload.html", {"form": form})
    if not form.is_valid():
        return _refused(request, form)
    club, name, upload = (
        form.cleaned_data["club"],
        form.cleaned_data["name"].strip(),
        form.cleaned_data["file"],
    )
    section = form.cleaned_data["section"].strip() or None
    data = upload.read()
    try:
        file = check_bws_file(data)
    except ValidationError as error:
        return _refused(request, form, import_errors=error.messages)
    if len(file.sections) > 1:
        form.offer_sections(list(file.sections))
        if section is None:
            form.add_error(
                "section",
                _("The file holds %(count)s sections: choose the one to import and upload the file again.")
                % {"count": len(file.sections)},
            )
            return _refused(request, form)
    try:
        preview = bws_preview(club=club, file=file, section=section, name=name)
    except ValidationError as error:
        return _refused(request, form, import_errors=error.messages)
    digest = hashlib.sha256(data).hexdigest()
    pending_keep(
        user=request.user,
        club=club,
        kind=PendingImport.Kind.BWS,
        sha256=digest,
        data=data,
        date=session_date(file),
        name=name,
    )
    context = {
        "club": club,
        "file": file,
        "preview": preview,
        "file_name": upload.name,
        "sha256": digest,
        "section": section or "",
    }
    return render(request, TEMPLATES + "bws_preview.html", context)


@director_required
@require_POST
def bws_confirm(request: SignedInRequest) -> HttpResponse:
    pending = waiting_import(request, PendingImport.Kind.BWS, "director:exchange:bws_upload")
    if isinstance(pending, HttpResponse):
        return pending
    section = request.POST.get("section", "").strip()[:8] or None
    try:
        imported = bws_import(
            club=pending.club, data=bytes(pending.data), section=section, name=pending.name, user=request.user
        )
    except ValidationError as error:
        form = BwsUploadForm(initial={"club": pending.club_id, "name": pending.name}, user=request.user)
        return _refused(request, form, import_errors=error.messages)
    pending_done(pending)
    messages.success(request, import_summary(imported))
    return render(request, TEMPLATES + "bws_imported.html", {"imported": imported})
