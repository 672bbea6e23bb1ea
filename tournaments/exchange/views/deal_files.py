"""A session's deals for dealing machines, and boards dealt from a machine's file: download, upload, confirm.

Thin, as the other director views: access through ``session_for_director`` (login, then
403 or 404 for a session of a club the user does not direct), reads through
``selectors.deal_files``, the write through ``services.deal_files``. The upload answers
a preview naming the boards the file deals, which the director confirms (ticking the
re-deal of boards that have results, when there are any); a refused file or confirm
answers 400 with the reason and stores nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.formats.dealing import FORMATS, DealFile, DealFileError
from tournaments.core.forms import form_add_service_error
from tournaments.core.views.access import SignedInRequest
from tournaments.exchange.forms import DealFileConfirmForm, DealFileUploadForm
from tournaments.exchange.selectors.deal_files import (
    deal_file_preview,
    number_ranges,
    session_deal_file,
    session_deal_filename,
)
from tournaments.exchange.selectors.hand_records import session_has_deals
from tournaments.exchange.services.deal_files import (
    check_deal_file,
    deal_file_from_token,
    deal_file_import,
    deal_file_token,
)
from tournaments.night.models import Session
from tournaments.night.selectors import director as director_selectors

TEMPLATES = "tournaments/exchange/"
# Binary records are octet streams; DLM, PBN and LIN are text a browser should still save.
_CONTENT_TYPES = {
    "dlm": "text/plain; charset=us-ascii",
    "pbn": "text/x-pbn; charset=utf-8",
    "lin": "text/plain; charset=utf-8",
}


def _boards_url(session: Session) -> str:
    return reverse("director:session", args=[session.pk]) + "#boards"


@login_required
def deal_file_download(request: SignedInRequest, session_id: int, fmt: str) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    if fmt not in FORMATS:
        raise Http404(_("No such deal file format."))
    if not session_has_deals(session):
        messages.error(request, _("No board of this session is dealt yet: there are no deals to download."))
        return redirect(_boards_url(session))
    try:
        data = session_deal_file(session, fmt)
    except DealFileError as error:
        messages.error(
            request,
            _("The deals cannot be written as %(format)s: %(problem)s.")
            % {"format": fmt.upper(), "problem": error.problem},
        )
        return redirect(_boards_url(session))
    response = HttpResponse(data, content_type=_CONTENT_TYPES.get(fmt, "application/octet-stream"))
    response["Content-Disposition"] = f'attachment; filename="{session_deal_filename(session, fmt)}"'
    return response


def _preview(
    request: SignedInRequest, session: Session, deal_file: DealFile, name: str, form: DealFileConfirmForm
) -> HttpResponse:
    context = {
        "session": session,
        "preview": deal_file_preview(session, deal_file),
        "file_name": name,
        "form": form,
    }
    return render(request, TEMPLATES + "deal_file_preview.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def deal_file_upload(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    # Bound on every POST, an empty one too, so a missing file is an error, not a blank form.
    form = (
        DealFileUploadForm(request.POST, request.FILES) if request.method == "POST" else DealFileUploadForm()
    )
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            deal_file = check_deal_file(upload.read(), upload.name or "")
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            token = deal_file_token(
                session=session, user=request.user, deal_file=deal_file, name=upload.name or ""
            )
            return _preview(
                request, session, deal_file, upload.name or "", DealFileConfirmForm(initial={"token": token})
            )
    status = 400 if form.errors else 200
    return render(
        request, TEMPLATES + "deal_file_upload.html", {"session": session, "form": form}, status=status
    )


@login_required
@require_POST
def deal_file_confirm(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    form = DealFileConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That upload is no longer waiting to be confirmed: upload the file again."))
        return redirect("director:exchange:deal_file_upload", session_id=session.pk)
    try:
        deal_file, name = deal_file_from_token(form.cleaned_data["token"], session=session, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("director:exchange:deal_file_upload", session_id=session.pk)
    try:
        boards = deal_file_import(
            session=session,
            deal_file=deal_file,
            redeal_played=form.cleaned_data["redeal_played"],
            user=request.user,
        )
    except ValidationError as error:
        form_add_service_error(form, error)
        return _preview(request, session, deal_file, name, form)
    pending = any(board.analysis_pending for board in boards)
    later = _(" Their double-dummy analysis follows in a minute.") if pending else ""
    messages.success(
        request,
        _("Dealt boards %(boards)s from %(name)s.")
        % {"boards": number_ranges([b.number for b in boards]), "name": name}
        + later,
    )
    return redirect(_boards_url(session))
