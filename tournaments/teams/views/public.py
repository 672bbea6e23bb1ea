"""The public teams pages: the event (the round in play, the ranking), a match's scorecard, the Butler.

Read-only and without login, as the pairs' public pages. A round's draw is public once
published; a match's boards show their results once both tables have them while the
event is in play (a table's contract would tell the other table of the match), and all
of them once it is finished.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.core.sections import sections
from tournaments.teams import hooks
from tournaments.teams.selectors import events as selectors
from tournaments.teams.selectors.scorecard import match_scorecard, round_scorecards

TEMPLATES = "tournaments/teams/"


def teams_event_public(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.teams_event_get(event_id)
    rounds = [teams_round for teams_round in selectors.event_rounds(event) if teams_round.published]
    current = rounds[-1] if rounds else None
    context = {
        "event": event,
        "current": current,
        "current_matches": selectors.teams_round_matches(current) if current else [],
        "rounds": [(teams_round, round_scorecards(teams_round)) for teams_round in reversed(rounds)],
        "ranking": selectors.teams_event_ranking(event),
        "sections": sections(hooks.event_page(event, True)),
    }
    return render(request, TEMPLATES + "public_event.html", context)


def teams_match(request: HttpRequest, event_id: int, number: int, table: int) -> HttpResponse:
    event = selectors.teams_event_get(event_id)
    teams_round = selectors.teams_round_get(event, number)
    if not teams_round.published:
        raise Http404("This round is not published yet.")
    match = (
        teams_round.matches.select_related("home", "away", "round__event", "round__session")
        .filter(table=table)
        .first()
    )
    if match is None or match.away is None:
        raise Http404("No such match.")
    card = match_scorecard(match)
    context = {
        "event": event,
        "teams_round": teams_round,
        "card": card,
        "finished": event.state == "finished",
    }
    return render(request, TEMPLATES + "public_match.html", context)


def teams_butler(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.teams_event_get(event_id)
    return render(
        request, TEMPLATES + "public_butler.html", {"event": event, "rows": selectors.teams_butler(event)}
    )
