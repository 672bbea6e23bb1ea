"""Hand records and results in and out: PBN download and upload, LIN and USEBIO download, print.

Thin, as the other director views: access through ``session_for_director`` (login,
then 403 for a club the user does not direct), reads through the selectors, the write
through ``services.exchange.pbn_import``. An upload that is refused answers 400 with
the reason beside the file field and stores nothing.

The printed hand records are also public, on the same terms as the public board page,
which shows any board's deal to anyone (ClubScore has no notion of boards still to be
played elsewhere): the same selectors decide what a hand shows.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.forms import form_add_service_error
from tournaments.core.views.access import SignedInRequest
from tournaments.exchange.forms import PbnUploadForm
from tournaments.exchange.selectors.hand_records import (
    session_hand_records,
    session_has_deals,
    session_lin_filename,
    session_lin_text,
    session_pbn_filename,
    session_pbn_text,
)
from tournaments.exchange.selectors.usebio import UsebioExportError
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes, session_usebio_filename
from tournaments.exchange.services.pbn import PbnImport, pbn_file_events, pbn_import
from tournaments.night.models import Session
from tournaments.night.selectors import director as director_selectors
from tournaments.night.selectors import public as public_selectors
from tournaments.night.selectors.publication import public_board_numbers
from tournaments.night.services.deal_analysis import analysis_resume

TEMPLATES = "tournaments/exchange/"
SHOWN_LINES = 10  # of a file's skipped results or differences, as messages; the rest are counted


def _pbn_import_messages(request: HttpRequest, done: PbnImport, name: str) -> None:
    pending = any(board.analysis_pending for board in done.boards)
    later = _(" Their double-dummy analysis follows in a minute.") if pending else ""
    messages.success(
        request,
        _("Dealt %(count)d boards from %(name)s.") % {"count": len(done.boards), "name": name} + later,
    )
    if done.results_entered:
        messages.success(
            request,
            _("Entered %(count)d results as the boards' travellers.") % {"count": done.results_entered},
        )
    elif done.results_in_file:
        messages.info(
            request,
            _(
                "The file also carries %(count)d results: upload it again with "
                "'Enter the results' ticked to store them as the boards' travellers."
            )
            % {"count": done.results_in_file},
        )
    for line in done.skipped[:SHOWN_LINES]:
        messages.warning(request, _("Not entered, %(line)s: give it on the board's page.") % {"line": line})
    for line in done.differences[:SHOWN_LINES]:
        messages.warning(request, line)
    hidden = max(len(done.skipped) - SHOWN_LINES, 0) + max(len(done.differences) - SHOWN_LINES, 0)
    if hidden:
        messages.warning(request, _("... and %(count)d more such lines.") % {"count": hidden})


@login_required
def pbn_download(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    if not session.boards.exclude(north="").exists():
        messages.error(
            request, _("No board of this session is dealt yet: there is no hand record to download.")
        )
        return redirect(reverse("director:session", args=[session.pk]) + "#boards")
    response = HttpResponse(session_pbn_text(session), content_type="text/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{session_pbn_filename(session)}"'
    return response


def _lin_response(session: Session, text: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{session_lin_filename(session)}"'
    return response


@login_required
def lin_download(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    text = session_lin_text(session)
    if not text:
        messages.error(request, _("No board of this session is dealt yet: there are no boards for BBO."))
        return redirect(reverse("director:session", args=[session.pk]) + "#boards")
    return _lin_response(session, text)


def lin_public(request: HttpRequest, pk: int) -> HttpResponse:
    """The session's boards for BBO, on the public board pages' terms: none still in play."""
    session = public_selectors.session_get(pk)
    text = session_lin_text(session, public_board_numbers(session))
    if not text:
        raise Http404(_("No board of this session can be shown yet."))
    return _lin_response(session, text)


@login_required
def usebio_download(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    try:
        data = session_usebio_bytes(session)
    except UsebioExportError as error:
        messages.error(request, _("This session cannot be written as USEBIO: %(error)s") % {"error": error})
        return redirect(reverse("director:session", args=[session.pk]))
    response = HttpResponse(data, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{session_usebio_filename(session)}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def pbn_upload(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    # Bound on every POST, an empty one too, so a missing file is an error, not a blank form.
    form = PbnUploadForm(request.POST, request.FILES) if request.method == "POST" else PbnUploadForm()
    if form.is_bound and form.is_valid():
        data = form.cleaned_data["file"].read()
        events = pbn_file_events(data)
        event = form.chosen_event(events)
        if len(events) > 1:
            form.offer_events(events)
        if len(events) > 1 and event is None:
            form.add_error(
                "event",
                _("The file holds %(count)d events: choose the one to import and upload the file again.")
                % {"count": len(events)},
            )
        else:
            try:
                done = pbn_import(
                    session=session,
                    data=data,
                    results=form.cleaned_data["results"],
                    user=request.user,
                    event=event,
                )
            except ValidationError as error:
                form_add_service_error(form, error)
            else:
                _pbn_import_messages(request, done, form.cleaned_data["file"].name)
                return redirect(reverse("director:session", args=[session.pk]) + "#boards")
    status = 400 if form.errors else 200
    return render(request, TEMPLATES + "pbn_upload.html", {"session": session, "form": form}, status=status)


def _hand_records(request: HttpRequest, session: Session, *, director: bool) -> HttpResponse:
    # The public copy follows the board pages: nothing of a board any table has still to play.
    public_numbers = None if director else public_board_numbers(session)
    pages = session_hand_records(session, public_numbers)
    if any(record.board.analysis_pending for page in pages for record in page):
        analysis_resume(session.pk)  # a dead process left them unanalysed (issue 24)
    context = {
        "session": session,
        "pages": pages,
        "dealt": session_has_deals(session),
        "dd_strains": public_selectors.dd_strain_headers(),
        "director": director,
    }
    return render(request, TEMPLATES + "hand_records.html", context)


@login_required
def hand_records_director(request: SignedInRequest, session_id: int) -> HttpResponse:
    return _hand_records(
        request, director_selectors.session_for_director(request.user, session_id), director=True
    )


def hand_records_public(request: HttpRequest, pk: int) -> HttpResponse:
    return _hand_records(request, public_selectors.session_get(pk), director=False)
