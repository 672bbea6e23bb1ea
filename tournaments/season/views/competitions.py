"""The season's pages: competitions (public table, the director's form)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.season.forms import CompetitionForm
from tournaments.season.models import Competition
from tournaments.season.selectors import competitions as selectors
from tournaments.season.services.competitions import competition_save


def competition(request: HttpRequest, pk: int) -> HttpResponse:
    table = selectors.competition_standings(selectors.competition_get(pk))
    return render(request, "tournaments/season/public/competition.html", {"table": table})


@login_required
def competitions(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    context = {"club": club, "competitions": selectors.competitions_of(club)}
    return render(request, "tournaments/season/director/competitions.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def competition_edit(request: SignedInRequest, slug: str, pk: int | None = None) -> HttpResponse:
    club = club_for_director(request.user, slug)
    existing = None if pk is None else get_object_or_404(Competition, pk=pk, club=club)
    initial = {}
    if existing is not None:
        initial = {
            "name": existing.name,
            "method": existing.method,
            "best_of": existing.best_of,
            "minimum_sessions": existing.minimum_sessions,
            "scale": ", ".join(f"{points:g}" for points in existing.scale),
            "sessions": list(existing.sessions.all()),
        }
    form = CompetitionForm(request.POST or None, club=club, initial=initial)
    response = form_write(
        request,
        form,
        lambda: competition_save(club=club, competition=existing, **form.cleaned_data),
        message=lambda saved: (
            _("Competition %(name)s saved: %(count)d sessions.")
            % {"name": saved.name, "count": saved.sessions.count()}
        ),
        to=lambda saved: saved.get_absolute_url(),
    )
    if response is not None:
        return response
    status = 400 if form.is_bound else 200
    context = {"club": club, "form": form, "competition": existing}
    return render(request, "tournaments/season/director/competition_form.html", context, status=status)
