"""The staff page that imports a legacy score file: upload, preview, confirm.

Two steps, so nothing is stored until a director has seen what the file gives: the
upload is parsed and answered with either the file's error and its line, or the
standings it would give (the simpscore figures) and a Confirm button. Between the two
steps the file waits in the user's session store, as its normalised text under its
SHA-256, with the club, date and name chosen; the Confirm form carries only the digest,
so what is imported is exactly what was previewed and nothing can be slipped in. A
10,000-pair file is a few megabytes, too big for a signed hidden field but fine there.

Only staff who direct a club may import, and only into the clubs they direct (a
superuser directs every club): the form offers only those clubs, the confirm step checks
the club again, staff who direct no club and anyone else logged in get 403, and a
visitor is sent to the login page. Replacing a session imported before deletes it; that
is recorded at the club as a ``SessionDeletion`` with the user (see
``tournaments.services.imports``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.legacy import LegacyFormatError, ScoreFile, format_score_file, parse_score_bytes
from tournaments.models import Club, Session
from tournaments.selectors.director import clubs_directed, user_directs
from tournaments.services.imports import score_file_digest, score_file_import, score_file_preview

TEMPLATES = "tournaments/imports/"
PENDING_KEY = "imports:pending"


def staff_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Send visitors to log in; refuse (403) users who are not staff or direct no club."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_staff:
            raise PermissionDenied("Importing score files is for staff.")
        if not clubs_directed(request.user).exists():
            raise PermissionDenied("You direct no club to import into.")
        return view(request, *args, **kwargs)

    return wrapped


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


@staff_required
@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        try:
            score_file = parse_score_bytes(form.cleaned_data["file"].read())
        except LegacyFormatError as error:
            context["file_error"] = error
        else:
            return _preview(request, form, score_file)
    return render(request, TEMPLATES + "upload.html", context)


def _preview(request: HttpRequest, form: ImportForm, score_file: ScoreFile) -> HttpResponse:
    """Keep the parsed file for the confirm step and show the standings it would give."""
    data = form.cleaned_data
    digest = score_file_digest(score_file)
    existing = Session.objects.filter(club=data["club"], source_sha256=digest).first()
    request.session[PENDING_KEY] = {
        "sha256": digest,
        "text": format_score_file(score_file),
        "club": data["club"].pk,
        "date": data["date"].isoformat(),
        "name": data["name"],
        "replace": data["replace"],
    }
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


@staff_required
@require_POST
def confirm(request: HttpRequest) -> HttpResponse:
    pending = request.session.get(PENDING_KEY)
    if not pending or pending["sha256"] != request.POST.get("sha256"):
        messages.error(request, "That upload is no longer waiting to be confirmed: upload the file again.")
        return redirect("imports:upload")
    club = Club.objects.filter(pk=pending["club"]).first()
    if club is not None and not user_directs(request.user, club.pk):
        raise PermissionDenied("You no longer direct the club chosen.")
    try:
        if club is None:
            raise ValidationError("The club chosen no longer exists.")
        session = score_file_import(
            club=club,
            date=datetime.date.fromisoformat(pending["date"]),
            name=pending["name"],
            text=pending["text"],
            replace=pending["replace"],
            user=request.user,
        )
    except ValidationError as error:
        # The upload form cannot hold an error without being bound to a file again.
        form = ImportForm(
            initial={key: pending[key] for key in ("club", "date", "name", "replace")}, user=request.user
        )
        return render(request, TEMPLATES + "upload.html", {"form": form, "import_errors": error.messages})
    del request.session[PENDING_KEY]
    messages.success(request, f"Imported {session}: {session.pairs.count()} pairs.")
    return redirect(session)
