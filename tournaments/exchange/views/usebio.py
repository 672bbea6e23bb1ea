"""The director's page that imports another scorer's USEBIO results file: upload, preview, confirm.

The same two steps as the legacy import (``views.imports``): nothing is stored until the
director has seen what the file gives. The upload is read and answered with the file's
error and its line, or a preview (of a pairs, teams or individual file alike): the
standings ClubScore works out beside the ones the file states, and every difference,
from the very import a confirm runs (rolled back, ``services.usebio_preview``). The file
then waits as the user's own pending row, its bytes as uploaded (``services.pending``
keeps it, ``selectors.pending`` finds it; a USEBIO file may be in any encoding), and the
Confirm form carries only its digest.

For any director (not only staff): importing into one's own club is a director's job.
The form offers only the clubs the user directs; the confirm checks the club again; a
user who directs no club gets 403, a visitor the login page. The file is limited to
``MAX_USEBIO_BYTES`` (5 MB), as the legacy score files are.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.formats.usebio import MATCHPOINTS, UsebioError, read_usebio
from tournaments.bridge.formats.usebio.awards import read_usebio_awards
from tournaments.bridge.formats.usebio.individual import is_individual_usebio, read_individual_usebio
from tournaments.bridge.formats.usebio.teams_reading import is_teams_usebio, read_teams_usebio
from tournaments.core.models import Club
from tournaments.core.views.access import SignedInRequest, director_required
from tournaments.exchange.forms import UsebioUploadForm
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.pending import pending_done, pending_keep
from tournaments.exchange.services.usebio import usebio_import
from tournaments.exchange.services.usebio_individual import usebio_individual_import
from tournaments.exchange.services.usebio_preview import usebio_individual_preview, usebio_preview
from tournaments.exchange.services.usebio_teams import usebio_teams_import, usebio_teams_preview
from tournaments.exchange.views.waiting import waiting_import

TEMPLATES = "tournaments/exchange/"
Imported = TypeVar("Imported")


def _refused(request: SignedInRequest, form: UsebioUploadForm, **context: object) -> HttpResponse:
    return render(request, TEMPLATES + "usebio_upload.html", {"form": form, **context}, status=400)


@director_required
@require_http_methods(["GET", "POST"])
def usebio_upload(request: SignedInRequest) -> HttpResponse:
    # Bound on every POST, an empty one too, so a missing file is an error, not a blank form.
    post = request.method == "POST"
    form = UsebioUploadForm(
        request.POST if post else None, request.FILES if post else None, user=request.user
    )
    if not form.is_bound:
        return render(request, TEMPLATES + "usebio_upload.html", {"form": form})
    if not form.is_valid():
        return _refused(request, form)
    club, name, upload, scale_imps = (
        form.cleaned_data["club"],
        form.cleaned_data["name"].strip(),
        form.cleaned_data["file"],
        form.cleaned_data["scale_imps"],
    )
    data = upload.read()
    try:
        if is_teams_usebio(data):
            return _kind_preview(request, form, club, name, data, upload.name, kind="teams")
        if is_individual_usebio(data):
            return _kind_preview(request, form, club, name, data, upload.name, kind="individual")
        event = read_usebio(data)
    except UsebioError as error:
        return _refused(request, form, file_error=error)
    try:
        preview = usebio_preview(
            club=club, event=event, name=name, awards=read_usebio_awards(data), scale_imps=scale_imps
        )
    except ValidationError as error:
        return _refused(request, form, import_errors=error.messages)
    digest = _kept_until_confirmed(request, club, data, event.date, name)
    context = {
        "club": club,
        "event": event,
        "preview": preview,
        "file_name": upload.name,
        "sha256": digest,
        "imps": event.event_type != MATCHPOINTS,
        "scale_imps": scale_imps,
    }
    return render(request, TEMPLATES + "usebio_preview.html", context)


def _kept_until_confirmed(
    request: SignedInRequest, club: Club, data: bytes, date: datetime.date, name: str
) -> str:
    """Keep the previewed file for its Confirm (pairs or teams alike); return its SHA-256, the form's key."""
    digest = hashlib.sha256(data).hexdigest()
    pending_keep(
        user=request.user,
        club=club,
        kind=PendingImport.Kind.USEBIO,
        sha256=digest,
        data=data,
        date=date,
        name=name,
    )
    return digest


def _kind_preview(
    request: SignedInRequest,
    form: UsebioUploadForm,
    club: Club,
    name: str,
    data: bytes,
    file_name: str,
    *,
    kind: str,
) -> HttpResponse:
    """A teams or an individual file's preview: ClubScore's standings beside the file's, from a
    rolled-back import (``PREVIEWS``: how each kind is read, previewed and shown)."""
    read, preview_of, template, extra = PREVIEWS[kind]
    event = read(data)
    try:
        preview = preview_of(club=club, event=event, name=name)
    except ValidationError as error:
        return _refused(request, form, import_errors=error.messages)
    digest = _kept_until_confirmed(request, club, data, event.date, name)
    context = {"club": club, "event": event, "preview": preview, "file_name": file_name, "sha256": digest}
    return render(request, TEMPLATES + template, context | extra)


# A file's kind: its reader, its rolled-back import, its page and what else the page is told.
PREVIEWS: dict[str, tuple[Callable[[bytes], Any], Callable[..., Any], str, dict[str, Any]]] = {
    "teams": (read_teams_usebio, usebio_teams_preview, "usebio_teams_preview.html", {}),
    "individual": (
        read_individual_usebio,
        usebio_individual_preview,
        "usebio_preview.html",
        {"individual": True},
    ),
}


def _confirmed(
    request: SignedInRequest, pending: PendingImport, importer: Callable[..., Imported]
) -> Imported | HttpResponse:
    """Run the confirmed file's import (pairs, teams or individual) and mark it done; if the
    import refuses it now, the upload form again with the refusal."""
    try:
        imported = importer(club=pending.club, data=bytes(pending.data), name=pending.name, user=request.user)
    except ValidationError as error:
        form = UsebioUploadForm(initial={"club": pending.club_id, "name": pending.name}, user=request.user)
        return _refused(request, form, import_errors=error.messages)
    pending_done(pending)
    return imported


def _teams_confirm(request: SignedInRequest, pending: PendingImport) -> HttpResponse:
    imported = _confirmed(request, pending, usebio_teams_import)
    if isinstance(imported, HttpResponse):
        return imported
    teams_event = imported.event
    messages.success(
        request,
        _("Imported %(event)s: %(count)d teams.")
        % {"event": teams_event.name, "count": teams_event.teams.count()},
    )
    context = {"teams_event": teams_event, "differences": imported.differences}
    return render(request, TEMPLATES + "usebio_teams_imported.html", context)


@director_required
@require_POST
def usebio_confirm(request: SignedInRequest) -> HttpResponse:
    pending = waiting_import(request, PendingImport.Kind.USEBIO, "director:exchange:usebio_upload")
    if isinstance(pending, HttpResponse):
        return pending
    if is_teams_usebio(bytes(pending.data)):
        return _teams_confirm(request, pending)
    scale_imps = request.POST.get("scale_imps") == "on"
    importer = (
        usebio_individual_import
        if is_individual_usebio(bytes(pending.data))
        else functools.partial(usebio_import, scale_imps=scale_imps)
    )
    imported = _confirmed(request, pending, importer)
    if isinstance(imported, HttpResponse):
        return imported
    session = imported.session
    if session.is_individual:
        done = _("Imported %(session)s: %(count)d players.") % {
            "session": session,
            "count": session.individual_players.count(),
        }
    else:
        done = _("Imported %(session)s: %(count)d pairs.") % {
            "session": session,
            "count": session.pairs.count(),
        }
    messages.success(request, done)
    context = {"session": session, "differences": imported.differences}
    return render(request, TEMPLATES + "usebio_imported.html", context)
