"""The analysis pages: a player's evening, a partnership's, and a player's season (decision 0079).

A page is shown to the player signed in, and to the public only if he allows it; to
anyone else it is a 404, as for a page that is not there (decision 0080). A session not
finished shows nothing of its boards.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.analysis.selectors import access, season
from tournaments.analysis.selectors.evening import Evening, pair_evenings, player_evening, session_readable
from tournaments.analysis.services.leads import leads_resume
from tournaments.analysis.services.sharing import analysis_sharing_set
from tournaments.analysis.views.display import ROLE_GROUPS, ROLES, UNKNOWN, VERDICTS
from tournaments.bridge.analysis.board import LEAD_NOT_SOLVED
from tournaments.core.models import Player
from tournaments.members.selectors.accounts import account_of, member_player
from tournaments.night.models import Pair, Session

TEMPLATES = "tournaments/analysis/"


def _session(pk: int) -> Session:
    return get_object_or_404(Session.objects.select_related("club"), pk=pk)


def _not_yet(request: HttpRequest, session: Session) -> HttpResponse:
    return render(request, TEMPLATES + "not_yet.html", {"session": session}, status=404)


def evening_context(evening: Evening, *, own: bool) -> dict[str, object]:
    """What the evening's template draws: each board's line with its words, the sums."""
    if any(LEAD_NOT_SOLVED in line.reading.unknown for line in evening.lines):
        leads_resume(evening.session.pk)  # a job failed every try, or the session finished before the queue
    lines = [
        {
            "line": line,
            "reading": line.reading,
            "role": ROLES.get(line.reading.role, "–") if line.reading.role else "–",
            "verdict": VERDICTS[line.reading.verdict.kind],
            "unknown": [UNKNOWN[code] for code in line.reading.unknown],
        }
        for line in evening.lines
    ]
    return {
        "evening": evening,
        "name": evening.player.name if own else evening.player.public_name,
        "lines": lines,
        "averages": [(ROLE_GROUPS[a.group], a) for a in evening.averages],
        "costs": [(VERDICTS[kind], points) for kind, points in evening.costs],
        "dearest": [
            (line, VERDICTS[line.reading.verdict.kind])
            for line in evening.dearest
            if line.reading.verdict.points > 0
        ],
    }


def player_evening_page(request: HttpRequest, session_pk: int, player_pk: int) -> HttpResponse:
    session = _session(session_pk)
    player = get_object_or_404(Player, pk=player_pk)
    own = access.is_own(request.user, player)
    if not own and not access.shared_in_public(player):
        raise Http404
    if not session_readable(session):
        return _not_yet(request, session)
    evening = player_evening(session, player)
    if not evening.lines:
        raise Http404
    played = {line.pair.pk for line in evening.lines}  # not a partnership seated that played nothing
    partnerships = [
        (pair, pair.player2 if pair.player1_id == player.pk else pair.player1)
        for pair in evening.pairs
        if pair.pk in played
    ]
    context = {
        "session": session,
        "player": player,
        "own": own,
        "partnerships": partnerships,
        **evening_context(evening, own=own),
    }
    return render(request, TEMPLATES + "evening.html", context)


def pair_evening_page(request: HttpRequest, session_pk: int, pair_pk: int) -> HttpResponse:
    session = _session(session_pk)
    pair = get_object_or_404(Pair.objects.select_related("player1", "player2"), pk=pair_pk, session=session)
    if not session_readable(session):
        return _not_yet(request, session)
    evenings = []
    for evening in pair_evenings(session, pair):
        own = access.is_own(request.user, evening.player)
        if own or access.shared_in_public(evening.player):
            evenings.append({"session": session, **evening_context(evening, own=own)})
    if not any(each["lines"] for each in evenings):  # nobody's to read, or a pair that played nothing
        raise Http404
    return render(request, TEMPLATES + "pair.html", {"session": session, "pair": pair, "evenings": evenings})


def player_season_page(request: HttpRequest, player_pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_pk)
    own = access.is_own(request.user, player)
    if not own and not access.shared_in_public(player):
        raise Http404
    found = season.player_season(player)
    name = player.name if own else player.public_name
    context = {
        "player": player,
        "name": name,
        "months": found.months,
        "waiting": found.waiting,
        "chart": season.season_chart(found.months, name),
        "share_charts": season.season_share_charts(found.months, name),
    }
    return render(request, TEMPLATES + "season.html", context)


@require_POST
def my_analysis_sharing(request: HttpRequest, pk: int) -> HttpResponse:
    account = account_of(request.user)
    if account is None:
        return redirect("member_sign_in")
    player = member_player(account, pk)
    public = request.POST.get("public") == "on"
    analysis_sharing_set(account=account, player=player, public=public)
    if public:
        messages.success(request, _("The public may now read your analysis."))
    else:
        messages.success(request, _("Only you, signed in, may read your analysis."))
    return redirect("my_player", pk=player.pk)
