"""An individual session's pages: the director seats its players; anyone reads its standings."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.core.forms import form_add_service_error
from tournaments.core.views.access import SignedInRequest
from tournaments.night.selectors import director as director_selectors
from tournaments.night.selectors import public as public_selectors
from tournaments.night.selectors.individual import (
    individual_cards,
    individual_players,
    individual_session_standings,
)
from tournaments.night.services.individual import individual_players_seat


class IndividualPlayersForm(forms.Form):
    players = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 16, "cols": 40, "spellcheck": "false"}),
        label=gettext_lazy("Players, one a line (player 1 first)"),
        max_length=10_000,
    )


@login_required
@require_http_methods(["GET", "POST"])
def individual_players_page(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    if not session.is_individual:
        raise Http404("Not an individual session.")
    seated = individual_players(session)
    initial = {"players": "\n".join(row.player.name for row in seated)}
    form = IndividualPlayersForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        names = [line for line in form.cleaned_data["players"].splitlines() if line.strip()]
        try:
            rows = individual_players_seat(session=session, names=names)
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            messages.success(request, _("Seated %(count)d players.") % {"count": len(rows)})
            return redirect(reverse("director:individual_players", args=[session.pk]))
    context = {"session": session, "form": form, "seated": seated}
    return render(
        request,
        "tournaments/night/director/individual_players.html",
        context,
        status=400 if form.is_bound else 200,
    )


def individual_standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    session = public_selectors.session_get(pk)
    if not session.is_individual:
        raise Http404("Not an individual session.")
    lines, unscored = individual_session_standings(session)
    context = {"session": session, "lines": lines, "unscored": unscored}
    return render(request, "tournaments/night/public/individual.html", context)


@login_required
def individual_cards_page(request: SignedInRequest, session_id: int) -> HttpResponse:
    """Every player's card to print: each round his table, seat, partner, opponents, boards."""
    session = director_selectors.session_for_director(request.user, session_id)
    if not session.is_individual:
        raise Http404("Not an individual session.")
    context = {"session": session, "cards": individual_cards(session)}
    return render(request, "tournaments/night/director/individual_cards.html", context)
