"""The director's page that imports a legacy score file: upload, preview, confirm.

Two steps, so nothing is stored until a director has seen what the file gives: the
upload is parsed and answered with either the file's error and its line, or the
standings it would give (the simpscore figures) and a Confirm button. Between the two
steps the file waits as a ``PendingImport`` row (``services.pending`` keeps it,
``selectors.pending`` finds it): its text as uploaded, its SHA-256, the club, date and
name chosen, and the user; the Confirm form carries only the digest, and only the same
user's legacy row for that digest is imported, so what is imported is exactly what was
previewed and nothing can be slipped in. It is not kept in the user's session row, which
every request of theirs reads and writes: a file may be up to 5 MB
(``MAX_SCORE_FILE_BYTES``, refused above with its size and the limit). A user keeps at
most ``PENDING_PER_USER`` previews, each for ``PENDING_LIFETIME``; older rows are deleted
whenever anyone previews a file, and confirming deletes its row.

A club's director may import, and only into the clubs they direct (a superuser directs
every club; being staff is not needed, issue 24 point 10): the form offers only those
clubs, the confirm step checks the club again, a user who directs no club gets a 403 page
saying so, and a visitor is sent to the login page. Replacing a session imported before deletes it; that
is recorded at the club as a ``SessionDeletion`` with the user (see
``tournaments.exchange.services.legacy``).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.formats.legacy import (
    LegacyFormatError,
    ScoreFile,
    decode_score_file,
    parse_score_file,
)
from tournaments.core.views.access import SignedInRequest, director_required
from tournaments.exchange.forms import ImportForm
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.legacy import score_file_digest, score_file_import, score_file_preview
from tournaments.exchange.services.pending import pending_done, pending_keep
from tournaments.exchange.views.waiting import waiting_import
from tournaments.night.models import Session

TEMPLATES = "tournaments/exchange/legacy/"


@director_required
@require_http_methods(["GET", "POST"])
def upload(request: SignedInRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        try:
            text = decode_score_file(form.cleaned_data["file"].read())
            score_file = parse_score_file(text)
        except LegacyFormatError as error:
            context["file_error"] = error
        else:
            return _preview(request, form, text, score_file)
    status = 400 if request.method == "POST" else 200  # a valid upload has gone to the preview
    return render(request, TEMPLATES + "upload.html", context, status=status)


def _preview(request: SignedInRequest, form: ImportForm, text: str, score_file: ScoreFile) -> HttpResponse:
    """Keep the file for the confirm step and show the standings it would give."""
    data = form.cleaned_data
    digest = score_file_digest(score_file)
    existing = Session.objects.filter(club=data["club"], source_sha256=digest).first()
    pending_keep(
        user=request.user,
        club=data["club"],
        kind=PendingImport.Kind.LEGACY,
        sha256=digest,
        text=text,
        date=data["date"],
        name=data["name"],
        replace=data["replace"],
    )
    context = {
        "club": data["club"],
        "date": data["date"],
        "name": data["name"],
        "replace": data["replace"],
        "existing": existing,
        "sha256": digest,
        "file_name": data["file"].name,
        "board_count": len(score_file.boards),
        "rows": score_file_preview(score_file),
    }
    return render(request, TEMPLATES + "preview.html", context)


@director_required
@require_POST
def confirm(request: SignedInRequest) -> HttpResponse:
    pending = waiting_import(request, PendingImport.Kind.LEGACY, "imports:upload")
    if isinstance(pending, HttpResponse):
        return pending
    try:
        session = score_file_import(
            club=pending.club,
            date=pending.date,
            name=pending.name,
            text=pending.text,
            replace=pending.replace,
            user=request.user,
        )
    except ValidationError as error:
        # The upload form cannot hold an error without being bound to a file again.
        initial = {
            "club": pending.club_id,
            "date": pending.date,
            "name": pending.name,
            "replace": pending.replace,
        }
        form = ImportForm(initial=initial, user=request.user)
        return render(
            request, TEMPLATES + "upload.html", {"form": form, "import_errors": error.messages}, status=400
        )
    pending_done(pending)
    messages.success(
        request,
        _("Imported %(session)s: %(count)d pairs.") % {"session": session, "count": session.pairs.count()},
    )
    return redirect(session)
