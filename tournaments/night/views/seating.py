"""The director's seating pages: many pairs from a pasted list; a pair's players changed, or the pair removed.

Seating one pair at a time is on the session page (``director.session_pair_add``); a
club's night of twenty pairs is one pasted list here (issue 24, point 11). Every pair of
the list is seated or none, and a refusal names every line to correct (issue 28, point 6).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.seating import read_seating_list
from tournaments.core.forms import form_add_service_error
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night.forms.seating import PairPlayersForm, SeatingListForm
from tournaments.night.models import Pair, Session
from tournaments.night.selectors import director as selectors
from tournaments.night.services.seating_list import pairs_seat
from tournaments.night.services.sessions import movement_pair_numbers, pair_remove, pair_update

TEMPLATES = "tournaments/night/director/"


def _pairs_url(session: Session) -> str:
    return reverse("director:session", args=[session.pk]) + "#pairs"


def _pair(session: Session, pair_id: int) -> Pair:
    return get_object_or_404(Pair.objects.select_related("player1", "player2"), pk=pair_id, session=session)


def _names(pair: Pair) -> dict[str, str]:
    return {"player1": pair.player1.name, "player2": pair.player2.name if pair.player2 else ""}


@login_required
@require_http_methods(["GET", "POST"])
def pairs_seat_many(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = SeatingListForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        reading = read_seating_list(form.cleaned_data["seating"])
        try:
            seated = pairs_seat(session=session, seats=reading.seats, unreadable=reading.problems)
        except ValidationError as error:
            form_add_service_error(form, error)
            form.add_error("seating", _("Nothing was seated."))
        else:
            messages.success(
                request,
                ngettext("Seated %(count)s pair.", "Seated %(count)s pairs.", len(seated))
                % {"count": len(seated)},
            )
            return redirect(_pairs_url(session))
    context = {
        "session": session,
        "form": form,
        "highest": movement_pair_numbers(session),
        "sections": list(session.sections.values_list("letter", flat=True)),
    }
    status = 400 if form.is_bound else 200  # a valid list has redirected by now
    return render(request, TEMPLATES + "pairs_many.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def pair_edit(request: SignedInRequest, session_id: int, pair_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    pair = _pair(session, pair_id)
    form = PairPlayersForm(request.POST or None, initial=_names(pair))

    def update() -> Pair:
        names = (form.cleaned_data["player1"], form.cleaned_data["player2"])
        return pair_update(pair=pair, player_names=names, user=request.user)

    response = form_write(
        request,
        form,
        update,
        message=lambda updated: (
            _("Pair %(label)s is now %(names)s.") % {"label": updated.label, "names": updated.names}
        ),
        to=lambda _: _pairs_url(session),
    )
    if response is not None:
        return response
    return _pair_page(request, session, pair, form)


def _pair_page(
    request: HttpRequest, session: Session, pair: Pair, form: PairPlayersForm, remove_error: str = ""
) -> HttpResponse:
    context = {
        "session": session,
        "pair": pair,
        "form": form,
        "remove_error": remove_error,
        "has_results": pair.ns_results.exists() or pair.ew_results.exists(),
    }
    status = 400 if form.is_bound or remove_error else 200
    return render(request, TEMPLATES + "pair_edit.html", context, status=status)


@login_required
@require_POST
def pair_delete(request: SignedInRequest, session_id: int, pair_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    pair = Pair.objects.select_related("player1", "player2").filter(pk=pair_id, session=session).first()
    if pair is None:
        messages.info(request, _("That pair was already removed."))
        return redirect(_pairs_url(session))
    try:
        pair_remove(pair=pair, user=request.user)
    except ValidationError as error:
        form = PairPlayersForm(initial=_names(pair))
        return _pair_page(request, session, pair, form, remove_error=" ".join(error.messages))
    messages.success(
        request, _("Pair %(label)s (%(names)s) removed.") % {"label": pair.label, "names": pair.names}
    )
    return redirect(_pairs_url(session))
