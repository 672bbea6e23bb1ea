"""The director's teams pages: create an event and its teams, draw and publish rounds, print cards.

Thin views as the pairs' (``views.director``): a form parses, a teams service writes,
a selector reads; every write answers its POST with a redirect. A round's results are
entered, corrected and adjusted on its session's own pages (``director:session``); the
event is finished and reopened in ``views.teams_state``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.teams.tables import match_pairs, match_tables
from tournaments.core.sections import sections
from tournaments.core.selectors.access import clubs_directed
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night.models import SessionState
from tournaments.night.selectors.table_entry.links import qr_svg
from tournaments.night.services.table_entry import table_accesses_ensure
from tournaments.teams import hooks
from tournaments.teams.forms import DrawForm, LineupForm, TeamForm, TeamsEventForm
from tournaments.teams.models import TeamsEvent, TeamsForm
from tournaments.teams.selectors import events as selectors
from tournaments.teams.selectors.finish import teams_event_changes
from tournaments.teams.selectors.scorecard import round_scorecards
from tournaments.teams.services.events import (
    round_robin_draw,
    swiss_round_draw,
    team_add,
    teams_event_create,
    teams_round_adjust,
    teams_round_publish,
)
from tournaments.teams.services.tables import teams_round_lineups_set

TEMPLATES = "tournaments/teams/"


def _event_url(event: TeamsEvent, anchor: str = "") -> str:
    return reverse("director:teams_event", args=[event.pk]) + anchor


@login_required
@require_http_methods(["GET", "POST"])
def teams_new(request: SignedInRequest) -> HttpResponse:
    clubs = list(clubs_directed(request.user))
    if not clubs:
        raise PermissionDenied(_("You do not direct any club."))
    initial = {"club": clubs[0].pk, "date": timezone.localdate()}
    form = TeamsEventForm(request.POST or None, clubs=clubs, initial=initial)
    response = form_write(
        request,
        form,
        lambda: teams_event_create(**form.cleaned_data),
        message=lambda event: _("%(event)s created. Now enter its teams.") % {"event": event.name},
        to=_event_url,
    )
    if response is not None:
        return response
    status = 400 if form.is_bound else 200
    return render(request, TEMPLATES + "new.html", {"form": form}, status=status)


def _event_page(request: HttpRequest, event: TeamsEvent, *, team_form=None, draw_form=None) -> HttpResponse:
    rounds = selectors.event_rounds(event)
    drawing = next((teams_round for teams_round in rounds if not teams_round.published), None)
    if draw_form is None and drawing is not None:
        lines = [
            f"{match.home.number} {match.away.number if match.away else _('bye')}"
            for match in selectors.teams_round_matches(drawing)
        ]
        draw_form = DrawForm(initial={"draw": "\n".join(lines)})
    open_ = event.state != SessionState.FINISHED  # a finished event draws nothing until reopened
    context = {
        "event": event,
        "teams": selectors.event_teams(event),
        "rounds": [(teams_round, round_scorecards(teams_round)) for teams_round in rounds],
        "drawing": drawing,
        "ranking": selectors.teams_event_ranking(event),
        "team_form": team_form or TeamForm(),
        "draw_form": draw_form,
        "can_add_teams": not rounds,
        "can_draw": open_ and event.form == TeamsForm.SWISS and not drawing and len(rounds) < event.rounds,
        "can_draw_all": open_ and event.form != TeamsForm.SWISS and not rounds,
        "changes": teams_event_changes(event),
        "sections": sections(hooks.event_page(event, False)),
    }
    invalid = (team_form is not None and team_form.errors) or (draw_form is not None and draw_form.errors)
    return render(request, TEMPLATES + "event.html", context, status=400 if invalid else 200)


@login_required
def teams_event(request: SignedInRequest, event_id: int) -> HttpResponse:
    return _event_page(request, selectors.teams_event_for_director(request.user, event_id))


@login_required
@require_POST
def teams_team_add(request: SignedInRequest, event_id: int) -> HttpResponse:
    event = selectors.teams_event_for_director(request.user, event_id)
    form = TeamForm(request.POST)
    response = form_write(
        request,
        form,
        lambda: team_add(
            event=event, name=form.cleaned_data["name"], player_names=form.cleaned_data["players"]
        ),
        message=lambda team: (
            _("Team %(number)d %(team)s entered.") % {"number": team.number, "team": team.name}
        ),
        to=lambda _team: _event_url(event, "#teams"),
    )
    if response is not None:
        return response
    return _event_page(request, event, team_form=form)


@login_required
@require_POST
def teams_draw(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Draw the next Swiss round (or again), or every round of a round robin."""
    event = selectors.teams_event_for_director(request.user, event_id)
    try:
        if event.form == TeamsForm.SWISS:
            teams_round = swiss_round_draw(event=event)
            messages.success(
                request,
                _("Round %(round)d drawn: adjust it if need be, then publish it.")
                % {"round": teams_round.number},
            )
        else:
            rounds = round_robin_draw(event=event)
            messages.success(
                request,
                _("%(count)d rounds drawn: publish each when its teams sit down.") % {"count": len(rounds)},
            )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect(_event_url(event, "#rounds"))


@login_required
@require_POST
def teams_round_draw_adjust(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    event = selectors.teams_event_for_director(request.user, event_id)
    teams_round = selectors.teams_round_get(event, number)
    form = DrawForm(request.POST)
    response = form_write(
        request,
        form,
        lambda: teams_round_adjust(teams_round=teams_round, draw=form.cleaned_data["draw"]),
        message=lambda _round: _("Round %(round)d's draw changed.") % {"round": number},
        to=lambda _round: _event_url(event, "#rounds"),
    )
    if response is not None:
        return response
    return _event_page(request, event, draw_form=form)


@login_required
@require_POST
def teams_round_publish_view(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    event = selectors.teams_event_for_director(request.user, event_id)
    teams_round = selectors.teams_round_get(event, number)
    try:
        teams_round_publish(teams_round=teams_round)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("Round %(round)d published: print its table cards, the tables can play.") % {"round": number},
        )
    return redirect(_event_url(event, "#rounds"))


@login_required
def teams_round_cards(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """The round's draw and one card a table: the match, who sits NS and EW, the boards, the QR link."""
    event = selectors.teams_event_for_director(request.user, event_id)
    teams_round = selectors.teams_round_get(event, number)
    matches = selectors.teams_round_matches(teams_round)
    links = {}
    if teams_round.session is not None:
        links = {
            access.table: request.build_absolute_uri(reverse("table_entry", args=[access.token]))
            for access in table_accesses_ensure(teams_round.session)
        }
    cards = []
    for match in matches:
        if match.away is None:
            continue
        pairs = match_pairs(match.table)
        first, second = match_tables(match.table)
        for table, ns, ew, ns_pair, ew_pair in (
            (first, match.home, match.away, pairs.home_ns, pairs.away_ew),
            (second, match.away, match.home, pairs.away_ns, pairs.home_ew),
        ):
            url = links.get(table)
            cards.append(
                {
                    "table": table,
                    "match": match,
                    "ns": ns,
                    "ew": ew,
                    "ns_pair": ns_pair,
                    "ew_pair": ew_pair,
                    "url": url,
                    "qr": qr_svg(url) if url else "",
                }
            )
    context = {"event": event, "teams_round": teams_round, "matches": matches, "cards": cards}
    return render(request, TEMPLATES + "cards.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def teams_round_lineups(request: SignedInRequest, event_id: int, number: int) -> HttpResponse:
    """Change who plays in a published round's pairs (a team of 5 or 6 rests players in turn)."""
    event = selectors.teams_event_for_director(request.user, event_id)
    teams_round = selectors.teams_round_get(event, number)
    current = selectors.team_lineups(teams_round)
    lines = [f"{team}: {a}, {b} / {c}, {d}" for team, ((a, b), (c, d)) in sorted(current.items())]
    form = LineupForm(request.POST or None, initial={"lineups": "\n".join(lines)})
    response = form_write(
        request,
        form,
        lambda: teams_round_lineups_set(teams_round=teams_round, lineups=form.cleaned_data["lineups"]),
        message=lambda _seated: _("Round %(round)d's pairs changed.") % {"round": number},
        to=lambda _seated: _event_url(event, f"#round-{number}"),
    )
    if response is not None:
        return response
    context = {"event": event, "teams_round": teams_round, "form": form}
    return render(request, TEMPLATES + "lineups.html", context, status=400 if form.errors else 200)
