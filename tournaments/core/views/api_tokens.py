"""The director's page of a club's API tokens: create one (shown once), revoke one.

Creating answers the post with a redirect to the page (post, redirect, get), so reloading
the page creates no second token. The new secret crosses the redirect in the user's
session (stored server-side, never in a cookie), keyed by the club it was made for, and is
popped by the first GET of that club's page: shown once, then gone (issue 28, point 3).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.models import ApiToken, Club
from tournaments.core.selectors.access import club_for_director
from tournaments.core.selectors.api_tokens import club_api_tokens
from tournaments.core.services.api_tokens import api_token_create, api_token_revoke
from tournaments.core.views.access import SignedInRequest

NEW_TOKEN_KEY = "api_token_new"


@login_required
@require_http_methods(["GET", "POST"])
def club_api_tokens_page(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    error = None
    if request.method == "POST" and request.POST.get("action") == "revoke":
        chosen = request.POST.get("token", "")
        token = get_object_or_404(
            ApiToken, pk=int(chosen) if chosen.isascii() and chosen.isdigit() else 0, club=club
        )
        api_token_revoke(token=token)
        messages.success(
            request,
            _("Token %(name)s (%(prefix)s...) revoked: it writes no more.")
            % {"name": token.name, "prefix": token.prefix},
        )
        return redirect("director:api_tokens", slug=club.slug)
    if request.method == "POST":
        try:
            issued = api_token_create(club=club, name=request.POST.get("name", ""), user=request.user)
        except ValidationError as refusal:
            error = " ".join(refusal.messages)
        else:
            request.session[NEW_TOKEN_KEY] = {"club": club.pk, "secret": issued.secret}
            return redirect("director:api_tokens", slug=club.slug)
    context = {
        "club": club,
        "tokens": club_api_tokens(club),
        "secret": _new_secret(request, club),
        "error": error,
    }
    response = render(request, "tournaments/core/api_tokens.html", context, status=400 if error else 200)
    response["Cache-Control"] = "no-store"
    return response


def _new_secret(request: HttpRequest, club: Club) -> str | None:
    """Pop the token just created for this club, if any: its secret is shown on this answer only."""
    waiting = request.session.get(NEW_TOKEN_KEY)
    if request.method != "GET" or not isinstance(waiting, dict) or waiting.get("club") != club.pk:
        return None
    del request.session[NEW_TOKEN_KEY]
    return waiting.get("secret")
