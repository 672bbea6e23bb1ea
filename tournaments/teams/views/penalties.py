"""The director's penalties page for a teams match: set the IMP and VP penalties, see who set what and why."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.teams.forms import PenaltiesForm
from tournaments.teams.selectors import events as selectors
from tournaments.teams.selectors.scorecard import match_scorecard
from tournaments.teams.services.penalties import team_match_penalties_set

FIELDS = ("home_imp_penalty", "away_imp_penalty", "home_vp_penalty", "away_vp_penalty")


@login_required
@require_http_methods(["GET", "POST"])
def teams_match_penalties(request: SignedInRequest, event_id: int, number: int, table: int) -> HttpResponse:
    """Show a match's scorecard figures and penalties; a POST sets the penalties in force (audited)."""
    event = selectors.teams_event_for_director(request.user, event_id)
    teams_round = selectors.teams_round_get(event, number)
    match = (
        teams_round.matches.select_related("home", "away", "round__event", "round__session")
        .filter(table=table)
        .first()
    )
    if match is None or match.away is None:
        raise Http404(_("No such match."))
    form = PenaltiesForm(initial={name: getattr(match, name) for name in FIELDS})
    if request.method == "POST":
        form = PenaltiesForm(request.POST)
        response = form_write(
            request,
            form,
            lambda: team_match_penalties_set(match=match, user=request.user, **form.cleaned_data),
            message=lambda _match: (
                _("Penalties of %(home)s v %(away)s recorded.")
                % {"home": match.home.name, "away": match.away_team.name}
            ),
            to=lambda _match: reverse("director:teams_penalties", args=[event.pk, number, table]),
        )
        if response is not None:
            return response
    context = {
        "event": event,
        "teams_round": teams_round,
        "card": match_scorecard(match),
        "form": form,
        "history": match.penalties.select_related("user"),
    }
    return render(request, "tournaments/teams/penalties.html", context)
